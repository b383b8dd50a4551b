# A status page is imported by its id. Its password is never read back: the first apply after an
# import sets it from the configuration.
terraform import service_status_page.public 27
