# The dsiprouter provider from HCL. Install it without a registry (README.md, "Terraform"):
#   mkdir -p ~/.dsipform
#   npx dsipform terraform-mirror ~/.dsipform/mirror > ~/.dsipform/terraform.tfrc
#   export TF_CLI_CONFIG_FILE=~/.dsipform/terraform.tfrc
#   export DSIP_URL=https://sip.example.com:5000 DSIP_TOKEN=...   # or TF_VAR_dsip_url / TF_VAR_dsip_token
#   terraform init && terraform apply
# Every resource, data source and attribute: docs/terraform.md.
terraform {
  required_providers {
    dsiprouter = {
      source = "dsipform/dsiprouter"
    }
  }
}

# Both default to null: the provider then reads DSIP_URL and DSIP_TOKEN from the environment.
variable "dsip_url" {
  type        = string
  description = "Platform base URL, e.g. https://sip.example.com:5000 (default: DSIP_URL)"
  default     = null
}

variable "dsip_token" {
  type        = string
  description = "API token (default: DSIP_TOKEN)"
  sensitive   = true
  default     = null
}

provider "dsiprouter" {
  url   = var.dsip_url
  token = var.dsip_token
  # ca_file  = "platform-ca.pem"
  # insecure = false
  # reload   = true   # reload the proxy inside each apply that wrote (a failed reload fails the apply)
}

resource "dsiprouter_inbound_mapping" "main_office" {
  did     = "15551230001"
  servers = ["14", "15"] # primary, secondary gateway (each must exist, or the plan fails)
  notes   = "Main office"
}

resource "dsiprouter_inbound_mapping" "default" {
  did     = "" # the default, catch-all mapping
  servers = ["#2"]
}

resource "dsiprouter_outbound_route" "us" {
  name      = "US domestic"
  prefix    = "1"
  gwgroupid = "2"
  priority  = 10
}

resource "dsiprouter_outbound_route" "uk_lcr" {
  name        = "UK from our 1555 numbers"
  prefix      = "44"
  from_prefix = "1555" # set: least-cost routing; remove it to demote in place
  gwgroupid   = "5"
}

resource "dsiprouter_endpoint_lease" "softphone" {
  email = "ops@example.com"
  ttl   = "15m"
}

data "dsiprouter_outbound_routes" "all" {
  depends_on = [dsiprouter_outbound_route.us, dsiprouter_outbound_route.uk_lcr]
}

data "dsiprouter_inbound_mappings" "all" {
  depends_on = [dsiprouter_inbound_mapping.main_office, dsiprouter_inbound_mapping.default]
}

data "dsiprouter_proxy_stats" "now" {}

output "uk_lcr_groupid" {
  value = dsiprouter_outbound_route.uk_lcr.groupid
}

output "softphone_username" {
  value = dsiprouter_endpoint_lease.softphone.username
}

output "softphone_password" {
  value     = dsiprouter_endpoint_lease.softphone.password
  sensitive = true
}

output "route_count" {
  value = length(data.dsiprouter_outbound_routes.all.routes)
}

output "mapped_dids" {
  value = [for m in data.dsiprouter_inbound_mappings.all.mappings : m.did]
}

output "proxy_counter_names" {
  value = sort(keys(data.dsiprouter_proxy_stats.now.counters))
}
