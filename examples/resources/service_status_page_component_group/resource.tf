# A group that gathers components under one heading on the page.
resource "service_status_page" "main" {
  title = "Example status"
  slug  = "example-groups"
}

resource "service_status_page_component_group" "storage" {
  page_id = service_status_page.main.id
  name    = "Storage"
}
