# Resolves localhost every ten minutes and expects its A record to be the loopback address.
resource "service_dns_monitor" "localhost" {
  name        = "localhost resolves"
  uri         = "localhost"
  periodicity = "10m"
  regions     = ["koyeb-par"]
  active      = false

  record_assertions {
    record     = "A"
    target     = "127.0.0.1"
    comparator = "eq"
  }
}
