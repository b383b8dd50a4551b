import { loadConfig, type ConfigError } from '../config/config';
import { createLogger } from '../logging/logger';
import { BODY_LIMIT_BYTES } from '../http/body-limit';
import { fastifyOptions } from './fastify-options';

describe(fastifyOptions.name, () => {
  const logger = createLogger('silent');
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as ConfigError).problems;
    }
    return [];
  };

  it('bounds the time to send a request (30 s by default) and the body size, and trusts no proxy', () => {
    const options = fastifyOptions(loadConfig({}), logger);
    expect(options).toMatchObject({
      bodyLimit: BODY_LIMIT_BYTES,
      requestTimeout: 30000,
      trustProxy: false,
      http: { requestTimeout: 30000, headersTimeout: 30000, connectionsCheckingInterval: 1000 },
    });
  });

  it('takes REQUEST_TIMEOUT_MS and TRUST_PROXY from the environment', () => {
    const options = fastifyOptions(
      loadConfig({ REQUEST_TIMEOUT_MS: '200', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }),
      logger,
    );
    expect(options).toMatchObject({
      requestTimeout: 200,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      http: { requestTimeout: 200, headersTimeout: 200, connectionsCheckingInterval: 50 },
    });
    expect(fastifyOptions(loadConfig({ TRUST_PROXY: '2' }), logger).trustProxy).toBe(2);
    expect(fastifyOptions(loadConfig({ TRUST_PROXY: 'true' }), logger).trustProxy).toBe(true);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(problems({ REQUEST_TIMEOUT_MS: '50' })).toEqual([
      'REQUEST_TIMEOUT_MS: expected an integer from 100 to 600000',
    ]);
    expect(problems({ AUTH_FAILURE_LIMIT: '-1' })).toEqual([
      'AUTH_FAILURE_LIMIT: expected an integer from 0 to 1000000',
    ]);
    expect(problems({ TRUST_PROXY: 'yes please' })[0]).toMatch(
      /^TRUST_PROXY: expected true, false, a number of proxy hops/,
    );
    expect(loadConfig({}).rateLimit.authFailuresPerMinute).toBe(30);
  });
});
