// Where terraform finds the provider: its source address and version. `npm run provider:install`
// puts the plugin in terraform's implicit local mirror under this address, so `terraform init` works
// offline with no registry and no CLI configuration.
export const PROVIDER_HOST = 'uptime.local';
export const PROVIDER_NAMESPACE = 'uptime';
export const PROVIDER_TYPE = 'service';
export const PROVIDER_SOURCE = `${PROVIDER_HOST}/${PROVIDER_NAMESPACE}/${PROVIDER_TYPE}`;
export const PROVIDER_VERSION = '0.1.0';
