// The command line's contract for scripts, on the real built CLI (npm run build first) and the
// embedded database: stdout carries only the answer (the created or revoked id or key, one line),
// messages go to stderr; exit codes are 0 done, 1 refused, 2 usage.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/server';

describe('command line output and exit codes', () => {
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-cli-')) };

  it('prints only the id or key on stdout for every create and revoke, and messages on stderr', async () => {
    const workspace = await runCli(['workspaces', 'create', '--name', 'Acme', '--plan', 'free'], env);
    expect(workspace).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\n$/) as unknown });
    expect(workspace.stderr).toContain('created workspace acme (plan free)');

    const member = await runCli(
      ['members', 'add', '--workspace', 'acme', '--email', 'a@example.com', '--role', 'owner'],
      env,
    );
    expect(member).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\n$/) as unknown });
    expect(member.stderr).toContain('a@example.com is owner of acme');

    const issued = await runCli(
      ['api-keys', 'create', '--workspace', 'acme', '--scope', 'read', '--created-by', 'a@example.com'],
      env,
    );
    expect(issued).toMatchObject({ code: 0, stdout: expect.stringMatching(/^svc_\S+\n$/) as unknown });
    expect(issued.stderr).toContain('it is shown only once');
    expect(issued.stderr).not.toContain(issued.lastLine);

    const listed = await runCli(['api-keys', 'list', '--workspace', 'acme', '--json'], env);
    const [key] = JSON.parse(listed.stdout) as Array<{ id: string }>;
    const revoked = await runCli(['api-keys', 'revoke', '--workspace', 'acme', '--id', key.id], env);
    expect(revoked).toMatchObject({ code: 0, stdout: `${key.id}\n` });
    expect(revoked.stderr).toContain(`revoked key ${key.id}`);
  });

  it('exits 1 when a well-formed command is refused, with the reason on stderr and nothing on stdout', async () => {
    const notMember = await runCli(
      ['api-keys', 'create', '--workspace', 'acme', '--scope', 'write', '--created-by', 'nobody@example.com'],
      env,
    );
    expect(notMember).toMatchObject({ code: 1, stdout: '' });
    expect(notMember.stderr).toContain('--created-by: nobody@example.com is not a member of acme');

    const unknownWorkspace = await runCli(['api-keys', 'create', '--workspace', 'nope', '--scope', 'read'], env);
    expect(unknownWorkspace).toMatchObject({ code: 1, stdout: '' });
    expect(unknownWorkspace.stderr).toContain('workspace "nope" not found');
  });

  it('exits 2 on usage errors, with the help on stderr and nothing on stdout', async () => {
    const missing = await runCli(['api-keys', 'create', '--workspace', 'acme'], env);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('--scope is required');

    const unknown = await runCli(['api-keys', 'rotate', '--workspace', 'acme'], env);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('unknown command: api-keys rotate');
  });
});
