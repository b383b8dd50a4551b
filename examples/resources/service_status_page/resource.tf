# A public status page with its own colours in light and dark mode, offered in English and German,
# that the website at http://127.0.0.1:8080 may show in an <iframe> (embed_origins: https origins,
# http only on loopback; no other site may frame it).
resource "service_status_page" "public" {
  title          = "Example status"
  slug           = "example-status"
  description    = "Availability of the example services."
  homepage_url   = "http://127.0.0.1:8080/"
  contact_url    = "http://127.0.0.1:8080/contact"
  access_type    = "public"
  theme          = "default"
  default_locale = "en"
  locales        = ["en", "de"]
  allow_index    = false
  embed_origins  = ["http://127.0.0.1:8080"]

  custom_theme = {
    light = {
      "--color-primary"    = "#0b6bcb"
      "--color-background" = "#ffffff"
    }
    dark = {
      "--color-primary"    = "#5aa9f5"
      "--color-background" = "#0d1117"
    }
  }
}

# A page only people with the password can open. Keep the password out of the configuration: pass
# it as a variable (TF_VAR_status_password).
variable "status_password" {
  type      = string
  sensitive = true
}

resource "service_status_page" "internal" {
  title       = "Internal status"
  slug        = "internal-status"
  access_type = "password"
  password    = var.status_password
}
