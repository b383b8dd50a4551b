# A status page with a "Backend" group holding a component that follows a monitor, and a static
# component outside any group.
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
}

resource "service_status_page_component" "support" {
  page_id     = service_status_page.main.id
  type        = "static"
  name        = "Support desk"
  description = "Replies within one working day."
  order       = 2
}
