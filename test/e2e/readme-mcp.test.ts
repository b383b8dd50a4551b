// The README's MCP section as a new user meets it, on the real built server: the official SDK's
// snippet is saved as agent.mjs in a folder laid out like the clone and run with node (so its imports
// must be there), and type-checked as an ES module; the tools it lists are the README's list, and
// the README claims no work over MCP that no tool does.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloneLikeFolder, readme, readmeBlock, typeErrorsAsModule } from '../support/readme';
import { bannerKey, startServer, type RunningServer } from '../support/server';

describe('README: the MCP server from code', () => {
  let server: RunningServer;
  let run: SpawnSyncReturns<string>;
  let tools: string[];

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-readme-mcp-')),
      CHECKER_EMBEDDED: 'false',
    });
    const dir = cloneLikeFolder();
    writeFileSync(join(dir, 'agent.mjs'), readmeBlock('mcp-client'));
    run = spawnSync(process.execPath, ['agent.mjs'], {
      cwd: dir,
      env: { PATH: process.env.PATH, SERVICE_API_KEY: bannerKey(server.stderr()), BASE_URL: server.baseUrl },
      encoding: 'utf8',
      timeout: 30_000,
    });
    tools = run.stdout.trim().split('\n');
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('runs the SDK block as agent.mjs with node: it connects with the key and prints the tools', () => {
    expect(readmeBlock('mcp-client')).toContain("'http://localhost:3000'");
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(tools).toContain('list_monitors');
  });

  it('type-checks the SDK block as an ES module TypeScript file', () => {
    expect(typeErrorsAsModule(readmeBlock('mcp-client'))).toEqual([]);
  });

  it('lists exactly the tools the server offers a write key on the default (pro) workspace', () => {
    const section = /- \*\*Tools\*\* \((\d+);[^)]*\): ([\s\S]*?)\. A read-only credential/.exec(readme());
    expect(section).not.toBeNull();
    const listed = [...section![2].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...tools].sort());
    expect(Number(section![1])).toBe(tools.length);
  });

  it('claims no status page work over MCP that no tool does', () => {
    const pageTools = tools.filter((tool) => /^(create|update|delete)_status_page$/.test(tool));
    expect(pageTools).toEqual([]);
    const creators = /after creating a page ([^)]*)\)/.exec(readme())?.[1];
    expect(creators).toBeDefined();
    expect(creators).not.toMatch(/MCP/);
  });
});
