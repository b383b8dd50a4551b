# Reads an escalation policy by id: its steps and the monitors that use it.
data "service_escalation_policy" "checkout" {
  id = "12"
}

output "checkout_first_step_channels" {
  value = data.service_escalation_policy.checkout.steps[0].channel_ids
}
