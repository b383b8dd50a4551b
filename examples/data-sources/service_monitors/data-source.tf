# Lists the workspace's monitors a page at a time: here the first 20.
data "service_monitors" "first_page" {
  limit  = 20
  offset = 0
}

output "monitor_names" {
  value = [for m in data.service_monitors.first_page.monitors : "${m.type}: ${m.name}"]
}
