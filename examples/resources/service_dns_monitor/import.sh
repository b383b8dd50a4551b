# A DNS monitor is imported by its id.
terraform import service_dns_monitor.localhost 1044
