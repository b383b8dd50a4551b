# A private location that runs a check of an internal service. Start the agent with the location's
# token (terraform output -raw agent_token).
resource "service_tcp_monitor" "cache" {
  name        = "Internal cache"
  uri         = "127.0.0.1:6379"
  periodicity = "1m"
}

resource "service_private_location" "office" {
  name        = "Office rack"
  monitor_ids = [service_tcp_monitor.cache.id]
  metadata = {
    site  = "office"
    owner = "platform-team"
  }
}

output "agent_token" {
  value     = service_private_location.office.token
  sensitive = true
}
