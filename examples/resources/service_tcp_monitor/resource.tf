# Connects to PostgreSQL on this machine every five minutes and exports the check's metrics to an
# OpenTelemetry collector listening on loopback.
resource "service_tcp_monitor" "database" {
  name        = "Local PostgreSQL"
  uri         = "127.0.0.1:5432"
  periodicity = "5m"
  timeout     = 5000
  retry       = 1
  regions     = ["fly-fra"]
  active      = false

  open_telemetry {
    endpoint = "http://127.0.0.1:4318/v1/metrics"

    headers {
      key   = "X-Tenant"
      value = "uptime-examples"
    }
  }
}
