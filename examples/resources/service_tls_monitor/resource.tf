# Checks the certificate of the mail server's submission port every hour, after SMTP's STARTTLS, and
# warns 30, 14 and 3 days before it expires. An unverifiable certificate is down (tls_verify).
resource "service_tls_monitor" "mail" {
  name                    = "Mail submission certificate"
  uri                     = "mail.example.com:587"
  starttls                = "smtp"
  periodicity             = "1h"
  certificate_expiry_days = [30, 14, 3]
  regions                 = ["fly-fra", "fly-iad"]
  active                  = false
}
