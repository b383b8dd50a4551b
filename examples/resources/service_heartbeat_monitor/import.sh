# A heartbeat monitor is imported by its id. Its ping URL cannot be read back, so ping_url is null
# after an import; replacing the monitor, or rotating its token through the API, gives a new one.
terraform import service_heartbeat_monitor.backup 1045
