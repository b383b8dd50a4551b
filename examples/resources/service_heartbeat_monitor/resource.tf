# Expects the nightly backup to report at 03:00 Berlin time, with half an hour's grace. Its crontab
# line reports the job's exit code (0 is success, anything else a failure):
#   0 3 * * * /usr/local/bin/backup.sh; curl -fsS -m 10 --retry 3 "$PING_URL/$?"
resource "service_heartbeat_monitor" "backup" {
  name          = "Nightly backup"
  description   = "pg_dump of the production database"
  schedule      = "cron"
  cron          = "0 3 * * *"
  time_zone     = "Europe/Berlin"
  grace_seconds = 1800
  tags          = ["backup"]
  active        = true
}

# The ping URL is a secret the service shows only when the monitor is created:
# terraform output -raw backup_ping_url
output "backup_ping_url" {
  value     = service_heartbeat_monitor.backup.ping_url
  sensitive = true
}
