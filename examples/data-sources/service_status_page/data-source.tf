# Reads a status page by id, e.g. to link to it from another configuration.
data "service_status_page" "public" {
  id = "27"
}

output "status_page" {
  value = {
    slug      = data.service_status_page.public.slug
    published = data.service_status_page.public.published
  }
}
