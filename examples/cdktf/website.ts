// A website watched by HTTP monitors: the home page, a JSON health endpoint and a login form, each
// with the assertions that tell a broken page from a slow one.
import { TerraformStack } from 'cdktf';
import { type Construct } from 'constructs';
import { HttpMonitor, ServiceProvider } from '@uptime/cdktf';

/** Where the site runs; a loopback address so that trying the example probes nothing real. */
const SITE = 'http://127.0.0.1:8080';

export function websiteStack(scope: Construct, id = 'website'): TerraformStack {
  const stack = new TerraformStack(scope, id);
  // api_token and base_url are left out: the provider reads SERVICE_API_TOKEN and SERVICE_BASE_URL
  // when terraform runs, so no secret is written into cdk.tf.json.
  new ServiceProvider(stack, 'service');

  new HttpMonitor(stack, 'home', {
    name: 'Home page',
    url: `${SITE}/`,
    periodicity: '5m',
    // Inactive until you point it at your site: an active monitor is probed on its schedule.
    active: false,
    statusCodeAssertions: [{ target: 200, comparator: 'eq' }],
    bodyAssertions: [{ target: '<title>', comparator: 'contains' }],
  });

  new HttpMonitor(stack, 'health', {
    name: 'API health',
    url: `${SITE}/api/health`,
    periodicity: '1m',
    active: false,
    timeout: 10000,
    retry: 2,
    // Page when any one location fails; the default 0 waits for a majority of them.
    alertQuorum: 1,
    // Labels the dashboard's overview filters by.
    tags: ['website', 'team:web'],
    degradedAt: 2000,
    headers: [{ key: 'Accept', value: 'application/json' }],
    statusCodeAssertions: [{ target: 200, comparator: 'eq' }],
    headerAssertions: [{ key: 'content-type', target: 'application/json', comparator: 'contains' }],
  });

  new HttpMonitor(stack, 'login', {
    name: 'Login form',
    description: 'The login endpoint rejects a wrong password with 401 rather than failing.',
    url: `${SITE}/login`,
    periodicity: '10m',
    method: 'POST',
    body: '{"user":"probe","password":"wrong"}',
    headers: [{ key: 'Content-Type', value: 'application/json' }],
    followRedirects: false,
    active: false,
    statusCodeAssertions: [{ target: 401, comparator: 'eq' }],
  });

  return stack;
}
