# An ICMP monitor is imported by its id.
terraform import service_icmp_monitor.router 1045
