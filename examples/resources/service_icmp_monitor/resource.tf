# Pings the office router every minute, and a file server behind it every five minutes: three echo
# requests per check, degraded when the average round trip passes 50 ms. The file server depends on
# the router, so while the router is down only the router's alert is sent; the file server's are
# recorded as suppressed. A monitor starts inactive; set active = true to schedule its checks.
resource "service_icmp_monitor" "router" {
  name               = "Office router"
  uri                = "192.0.2.1"
  periodicity        = "1m"
  timeout            = 3000
  degraded_at        = 50
  regions            = ["railway-europe-west4"]
  active             = false
  failure_threshold  = 2 # two failed checks in a row before it is down
  recovery_threshold = 2 # and two good ones before it is up again
}

resource "service_icmp_monitor" "file_server" {
  name                      = "File server"
  uri                       = "192.0.2.20"
  periodicity               = "5m"
  timeout                   = 3000
  degraded_at               = 50
  regions                   = ["railway-europe-west4"]
  active                    = false
  parent_monitor_ids        = [service_icmp_monitor.router.id]
  reminder_interval_minutes = 60 # while still down and not acknowledged, remind every hour
  reminder_limit            = 3  # at most three times
}
