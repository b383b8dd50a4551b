// The owner's way into the dashboard on the real built server (npm run build first): the first start
// prints a one-time sign-in link beside the first key; while the owner has no password every start
// prints a fresh one; once the link has set a password, no more links.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DashboardClient, PASSWORD } from '../support/dashboard';
import { eventually } from '../support/rpc';
import { startServer, type RunningServer } from '../support/server';

function signInLink(stderr: string): string | null {
  return /https?:\/\/\S+(\/app\/sign-in\/link\?token=\w+)/.exec(stderr)?.[1] ?? null;
}

/**
 * The link a start printed. The server writes it before it says it listens, but its stderr reaches this
 * process on a pipe of its own, which can be read after the answer of /ready: wait for it a little.
 */
function printedLink(server: RunningServer): Promise<string | null> {
  return eventually(
    () => Promise.resolve(signInLink(server.stderr())),
    (link) => link !== null,
    5_000,
  );
}

describe('first start: the owner signs in with a one-time link', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-e2e-dash-')) };
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('prints a link on the first start and on restarts until the owner has a password', async () => {
    server = await startServer(env);
    const first = await printedLink(server);
    expect(server.stderr()).toContain('SERVICE_API_KEY=');
    expect(first).not.toBeNull();
    expect(server.stderr()).toContain('Sign in to the dashboard as owner@uptime.local');
    // Never in the structured log.
    expect(server.stdout()).not.toContain(first!);
    await server.stop();

    server = await startServer(env);
    const second = await printedLink(server);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(server.stderr()).not.toContain('SERVICE_API_KEY=');

    // Both links work until one is used (each is single use on its own).
    const browser = new DashboardClient(server.baseUrl);
    expect((await browser.get(first!)).status).toBe(200);
    const token = new URL(second!, 'http://x').searchParams.get('token')!;
    expect((await browser.get(second!)).status).toBe(200);
    const done = await browser.post('/app/sign-in/link', { token, password: PASSWORD });
    expect(done.status).toBe(303);
    const home = await browser.follow(done);
    expect(home.location).toBe('/app/w/default/monitors');
    expect((await browser.get(second!)).status).toBe(404);
    await server.stop();

    server = await startServer(env);
    expect(signInLink(server.stderr())).toBeNull();
    const owner = new DashboardClient(server.baseUrl);
    expect((await owner.signIn('owner@uptime.local', PASSWORD)).status).toBe(303);
  });
});
