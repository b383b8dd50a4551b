# Two channels for one monitor: an e-mail to the on-call address, and a webhook to a receiver on this
# machine. Exactly one provider block is given, the one named by provider_type.
resource "service_http_monitor" "homepage" {
  name        = "Homepage"
  url         = "http://127.0.0.1:8080/"
  periodicity = "5m"
}

resource "service_notification" "on_call" {
  name          = "On-call e-mail"
  provider_type = "email"
  monitor_ids   = [service_http_monitor.homepage.id]

  email {
    email = "on-call@example.com"
  }
}

resource "service_notification" "receiver" {
  name          = "Local webhook receiver"
  provider_type = "webhook"
  monitor_ids   = [service_http_monitor.homepage.id]

  webhook {
    endpoint = "http://127.0.0.1:9000/alerts"
    headers = [
      { key = "X-Alert-Source", value = "uptime-service" },
    ]
  }
}
