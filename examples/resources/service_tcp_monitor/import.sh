# A TCP monitor is imported by its id.
terraform import service_tcp_monitor.database 1043
