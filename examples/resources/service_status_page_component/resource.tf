# A status page with a "Backend" group holding a component that follows a monitor (and opens an
# incident when the monitor is down), and a static component outside any group.
resource "service_status_page" "main" {
  title = "Example status"
  slug  = "example-components"
}

resource "service_http_monitor" "api" {
  name        = "API"
  url         = "http://127.0.0.1:3000/health"
  periodicity = "1m"
  public      = true
}

resource "service_status_page_component_group" "backend" {
  page_id = service_status_page.main.id
  name    = "Backend"
}

resource "service_status_page_component" "api" {
  page_id     = service_status_page.main.id
  type        = "monitor"
  monitor_id  = service_http_monitor.api.id
  name        = "API"
  description = "Requests to the public API."
  group_id    = service_status_page_component_group.backend.id
  group_order = 1
  order       = 1

  # After 10 minutes down, a published incident on the page, mailed to its subscribers, and its
  # resolution when the monitor is up again ({{component}} is the name the page shows).
  auto_incident               = "published"
  auto_incident_after_minutes = 10
  auto_incident_notify        = true
  auto_incident_title         = "{{component}} is unavailable"
}

resource "service_status_page_component" "support" {
  page_id     = service_status_page.main.id
  type        = "static"
  name        = "Support desk"
  description = "Replies within one working day."
  order       = 2
}
