// The provider block: api_token and base_url, with SERVICE_API_TOKEN and SERVICE_BASE_URL as fallbacks
// (SPEC 5.3), and how a configuration becomes the API client every resource verb gets.
import { apiError, createApi, isUnauthenticated, type Api, type ApiOptions } from './client/api';
import { httpUrl } from './framework/validators';
import { UNKNOWN, type Block, type Diagnostics, type Obj } from './framework/types';

export const DEFAULT_BASE_URL = 'http://localhost:3000/rpc';

export const PROVIDER_SCHEMA: Block = {
  description:
    'Manages monitors, notification channels, status pages and private locations of the service through its Connect RPC API.',
  attributes: {
    api_token: {
      type: 'string',
      optional: true,
      sensitive: true,
      description:
        'API key of the workspace to manage (an `svc_...` key with write scope). Required: set it here or in the environment variable `SERVICE_API_TOKEN`.',
    },
    base_url: {
      type: 'string',
      optional: true,
      description: `Root of the service's RPC API: the service's base URL followed by \`/rpc\`. Default \`SERVICE_BASE_URL\` from the environment, else \`${DEFAULT_BASE_URL}\`.`,
      validators: [httpUrl()],
    },
  },
};

export function providerSettings(config: Obj, env: NodeJS.ProcessEnv, diags: Diagnostics): ApiOptions | null {
  const pick = (name: string, envName: string): string | null => {
    const value = config[name];
    if (typeof value === 'string' && value !== '') return value;
    if (value === UNKNOWN) return null;
    const fromEnv = env[envName];
    return fromEnv && fromEnv !== '' ? fromEnv : null;
  };
  const token = pick('api_token', 'SERVICE_API_TOKEN');
  const baseUrl = pick('base_url', 'SERVICE_BASE_URL') ?? DEFAULT_BASE_URL;
  if (!token) {
    diags.error(
      'Missing API token',
      'Set api_token in the provider block or the environment variable SERVICE_API_TOKEN to an API key of the workspace.',
      ['api_token'],
    );
    return null;
  }
  const timeout = Number(env.SERVICE_TIMEOUT_MS ?? '');
  return { baseUrl, token, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 30_000 };
}

/**
 * The API client of a configuration. Checks the token and the URL with one cheap call, so a wrong
 * token or a service that is down is one clear diagnostic at the start, not one per resource.
 */
export async function configureApi(config: Obj, env: NodeJS.ProcessEnv, diags: Diagnostics): Promise<Api | null> {
  const settings = providerSettings(config, env, diags);
  if (!settings) return null;
  const api = createApi(settings);
  try {
    await api.monitors.listMonitors({ limit: 1 });
    return api;
  } catch (error) {
    if (isUnauthenticated(error)) {
      diags.error(
        'The service refused the API token',
        `${settings.baseUrl} answered: ${error instanceof Error ? error.message : String(error)}. Set api_token (or SERVICE_API_TOKEN) to an API key of the workspace with write access.`,
        ['api_token'],
      );
    } else {
      const failure = apiError('reach', `the service at ${settings.baseUrl}`, error);
      diags.error(`Cannot reach the service at ${settings.baseUrl}`, failure.detail);
    }
    return null;
  }
}
