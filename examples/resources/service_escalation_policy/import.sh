# An escalation policy is imported by its id.
terraform import service_escalation_policy.checkout 12
