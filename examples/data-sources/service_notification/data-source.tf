# Reads a notification channel by id: its kind and the monitors wired to it. Credentials are never
# returned.
data "service_notification" "on_call" {
  id = "310"
}

output "on_call_monitors" {
  value = data.service_notification.on_call.monitor_ids
}
