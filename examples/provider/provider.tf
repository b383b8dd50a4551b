# The provider's source address and version constraint. `npm run provider:install` puts the plugin in
# terraform's implicit local mirror, so `terraform init` finds it offline, with no registry.
terraform {
  required_providers {
    service = {
      source  = "uptime.local/uptime/service"
      version = "~> 0.1"
    }
  }
}

variable "service_api_token" {
  description = "An API key of the workspace with read and write scope. Left null, the provider reads SERVICE_API_TOKEN."
  type        = string
  sensitive   = true
  default     = null
}

variable "service_base_url" {
  description = "The service's RPC endpoint: its base URL followed by /rpc."
  type        = string
  default     = "http://127.0.0.1:3000/rpc"
}

provider "service" {
  api_token = var.service_api_token
  base_url  = var.service_base_url
}
