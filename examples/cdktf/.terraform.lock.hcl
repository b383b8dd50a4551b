# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "uptime.local/uptime/service" {
  version     = "0.1.0"
  constraints = "~> 0.1"
  hashes = [
    "h1:Dz5H9u2co3D5k6qO8MNPZCmMTrr/1KqG0l69JRPE3ns=",
  ]
}
