# Pings the loopback address every thirty minutes: three echo requests per check, degraded when the
# average round trip passes 50 ms.
resource "service_icmp_monitor" "loopback" {
  name        = "Loopback ping"
  uri         = "127.0.0.1"
  periodicity = "30m"
  timeout     = 3000
  degraded_at = 50
  regions     = ["railway-europe-west4"]
  active      = false
}
