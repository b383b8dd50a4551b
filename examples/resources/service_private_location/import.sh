# A private location is imported by its id; its token is read back with it.
terraform import service_private_location.office 5
