# A TLS monitor is imported by its id.
terraform import service_tls_monitor.mail 1044
