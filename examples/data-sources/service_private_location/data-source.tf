# Reads a private location by id: whether its agent reports, and the token to start the agent with.
data "service_private_location" "office" {
  id = "5"
}

output "office_agent" {
  value = {
    status       = data.service_private_location.office.status
    last_seen_at = data.service_private_location.office.last_seen_at
  }
}

output "office_token" {
  value     = data.service_private_location.office.token
  sensitive = true
}
