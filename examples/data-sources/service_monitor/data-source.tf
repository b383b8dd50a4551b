# Reads one monitor of any kind by id, e.g. one created outside this configuration.
data "service_monitor" "health" {
  id = "1042"
}

output "health_monitor" {
  value = {
    type        = data.service_monitor.health.type
    periodicity = data.service_monitor.health.periodicity
    status      = data.service_monitor.health.status
  }
}
