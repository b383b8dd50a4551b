# Lists private locations, 50 at a time; the second page here.
data "service_private_locations" "second_page" {
  limit  = 50
  offset = 50
}

output "locations_not_reporting" {
  value = [for l in data.service_private_locations.second_page.private_locations : l.name if l.status != "active"]
}
