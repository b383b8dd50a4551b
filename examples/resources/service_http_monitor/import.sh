# An HTTP monitor is imported by its id. An id of another kind of monitor is refused with the
# resource type to use instead.
terraform import service_http_monitor.health 1042
