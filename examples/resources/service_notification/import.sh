# A notification channel is imported by its id. Credentials (webhook URLs, keys, tokens) are never
# read back: the first apply after an import sets them from the configuration.
terraform import service_notification.on_call 310
