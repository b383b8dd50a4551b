# An escalation policy: the on-call e-mail at once, then the team's webhook after 15 minutes if nobody
# acknowledged the alert. The monitor uses the policy instead of the channels wired to it.
resource "service_notification" "on_call" {
  name          = "On-call e-mail"
  provider_type = "email"

  email {
    email = "on-call@example.com"
  }
}

resource "service_notification" "team" {
  name          = "Team webhook"
  provider_type = "webhook"

  webhook {
    endpoint = "http://127.0.0.1:9000/alerts"
  }
}

resource "service_escalation_policy" "checkout" {
  name = "Checkout on-call"

  step {
    after_minutes = 0
    channel_ids   = [service_notification.on_call.id]
  }

  step {
    after_minutes = 15
    channel_ids   = [service_notification.on_call.id, service_notification.team.id]
  }
}

resource "service_http_monitor" "checkout" {
  name                 = "Checkout"
  url                  = "http://127.0.0.1:8080/checkout/health"
  periodicity          = "1m"
  escalation_policy_id = service_escalation_policy.checkout.id
}
