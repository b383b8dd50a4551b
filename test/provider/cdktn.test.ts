// CDKTF 0.21 is HashiCorp's last release; its maintained fork cdktn has the same API. The same schema
// generates with @cdktn/provider-generator, the bindings compile with tsc, and a program written
// against `cdktn` synthesizes the same blocks: a user moves by swapping the package names. Then the
// whole move as the README tells it, with the real cdktn CLI 0.24 on a fresh copy of examples/cdktf and
// the network cut off: `cdktn get` generates the bindings from the installed plugin, each stack's import
// lines change (and nothing else), and `cdktn deploy website` and `cdktn destroy website` run.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateBindings, PROVIDER_SOURCE, PROVIDER_VERSION_CONSTRAINT } from '../../cdktf/scripts/generate';
import { LOCK_FILE } from '../../examples/cdktf/provider-lock';
import { builtLockFileText, cloneLike, nodeAtLeast, OFFLINE_ENV, pathWith, run } from './support/cdk-cli';
import { describeWithTerraform, startProviderFixture, type ProviderFixture } from './support/terraform';

const ROOT = join(__dirname, '..', '..');
const execFileAsync = promisify(execFile);

/** Runs node with args; a failure carries the command's output (tsc reports errors on stdout). */
async function node(args: string[], cwd: string): Promise<void> {
  try {
    await execFileAsync(process.execPath, args, { cwd });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`node ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** A user's program, as they would write it with the cdktf bindings, with `cdktn` imported instead. */
const MAIN = `import { App, TerraformOutput, TerraformStack } from 'cdktn';
import { HttpMonitor, Notification, ServiceProvider } from './service';

const app = new App({ outdir: process.argv[2] });
const stack = new TerraformStack(app, 'moved');
new ServiceProvider(stack, 'service');
const monitor = new HttpMonitor(stack, 'api', {
  name: 'API',
  url: 'http://127.0.0.1:9/health',
  periodicity: '5m',
  active: false,
  statusCodeAssertions: [{ target: 200, comparator: 'eq' }],
});
new Notification(stack, 'hook', {
  providerType: 'webhook',
  webhook: { endpoint: 'http://127.0.0.1:9/hook' },
  monitorIds: [monitor.id],
});
new TerraformOutput(stack, 'monitor_id', { value: monitor.id });
app.synth();
`;

describe('cdktn, the maintained fork of cdktf', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cdktn-'));
    // The program resolves cdktn and constructs from the repository's installed packages.
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates bindings from the same schema that compile and synthesize with cdktn', async () => {
    const folders = await generateBindings({
      generator: '@cdktn/provider-generator',
      schemaPath: join(ROOT, 'provider-schema', 'schema.json'),
      outDir: join(dir, 'service'),
    });
    expect(folders).toEqual(expect.arrayContaining(['http-monitor', 'notification', 'provider']));
    const generated = await readFile(join(dir, 'service', 'http-monitor', 'index.ts'), 'utf8');
    expect(generated).toContain("from 'cdktn'");
    expect(generated).not.toContain("from 'cdktf'");

    await writeFile(join(dir, 'main.ts'), MAIN);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'commonjs',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
          outDir: 'dist',
        },
        files: ['main.ts'],
      }),
    );
    await node([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], dir);

    const outdir = join(dir, 'out');
    await mkdir(outdir);
    await node([join(dir, 'dist', 'main.js'), outdir], dir);
    const json = JSON.parse(await readFile(join(outdir, 'stacks', 'moved', 'cdk.tf.json'), 'utf8')) as {
      terraform: { required_providers: unknown };
      provider: Record<string, unknown>;
      resource: Record<string, Record<string, Record<string, unknown>>>;
      output: Record<string, { value: unknown }>;
    };

    expect(json.terraform.required_providers).toEqual({ service: { source: PROVIDER_SOURCE, version: '~> 0.1' } });
    expect(json.provider).toEqual({ service: [{}] });
    expect(json.resource.service_http_monitor?.api).toMatchObject({
      name: 'API',
      url: 'http://127.0.0.1:9/health',
      periodicity: '5m',
      active: false,
      status_code_assertions: [{ target: 200, comparator: 'eq' }],
    });
    expect(json.resource.service_notification?.hook).toMatchObject({
      provider_type: 'webhook',
      webhook: { endpoint: 'http://127.0.0.1:9/hook' },
      monitor_ids: ['${service_http_monitor.api.id}'],
    });
    expect(json.output.monitor_id?.value).toBe('${service_http_monitor.api.id}');
  });
});

/** Where `cdktn get` puts the provider's bindings: one folder per resource, data source and the provider. */
const GENERATED = '.gen/providers/service';

/** Class name -> its folder under GENERATED, read from what `cdktn get` wrote. */
function classFolders(generated: string): Record<string, string> {
  const folders: Record<string, string> = {};
  for (const entry of readdirSync(generated, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const index = readFileSync(join(generated, entry.name, 'index.ts'), 'utf8');
    for (const [, name] of index.matchAll(/^export (?:class|interface|function) (\w+)/gm)) folders[name] = entry.name;
  }
  return folders;
}

/**
 * The move the README describes: `cdktf` becomes `cdktn`, and the one import from `@uptime/cdktf`
 * becomes one line per class, from the class's folder of the `cdktn get` output. Nothing else changes.
 */
function moveToCdktn(source: string, folders: Record<string, string>): string {
  return source
    .replace(/ from 'cdktf';$/gm, " from 'cdktn';")
    .replace(/^import \{ ([^}]+) \} from '@uptime\/cdktf';$/gm, (_line, names: string) =>
      names
        .split(',')
        .map((name) => name.trim())
        .map((name) => {
          const folder = folders[name];
          if (!folder) throw new Error(`cdktn get generated no class ${name}`);
          return `import { ${name} } from './${GENERATED}/${folder}';`;
        })
        .join('\n'),
    );
}

describeWithTerraform('cdktn 0.24: an example stack moved to cdktn, fresh and offline', () => {
  let fixture: ProviderFixture;

  beforeAll(async () => {
    fixture = await startProviderFixture();
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  it('cdktn get, the import lines changed, then cdktn deploy website and cdktn destroy website', async () => {
    // cdktn-cli 0.24 runs on Node.js 22 or newer: the test runs it there, and fails where there is none.
    const node = nodeAtLeast(22, 'cdktn-cli 0.24');
    const clone = cloneLike();
    const project = join(clone, 'examples', 'cdktf');
    expect(existsSync(join(project, 'cdktf.out'))).toBe(false);
    const env = { ...fixture.env, ...OFFLINE_ENV, CI: '1', PATH: pathWith(node) };
    const succeeded = (step: { code: number | null; output: string }) => ({
      code: step.code,
      output: step.code === 0 ? '' : step.output,
    });

    // `cdktn get` reads the provider from cdktf.json and its schema from the installed plugin.
    const configFile = join(project, 'cdktf.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(
      configFile,
      JSON.stringify({ ...config, terraformProviders: [`${PROVIDER_SOURCE}@${PROVIDER_VERSION_CONSTRAINT}`] }, null, 2),
    );
    const got = await run('npx', ['cdktn', 'get'], project, env);
    expect(succeeded(got)).toEqual({ code: 0, output: '' });

    // The classes keep the names of @uptime/cdktf; each sits in its type's folder.
    const folders = classFolders(join(project, GENERATED));
    expect(folders).toMatchObject({
      ServiceProvider: 'provider',
      HttpMonitor: 'http-monitor',
      StatusPageComponentGroup: 'status-page-component-group',
      DataServiceMonitor: 'data-service-monitor',
    });
    for (const file of readdirSync(project).filter((f) => f.endsWith('.ts'))) {
      const before = readFileSync(join(project, file), 'utf8');
      const after = moveToCdktn(before, folders);
      const changed = (text: string) => text.split('\n').filter((line) => !line.startsWith('import '));
      expect({ file, rest: changed(after) }).toEqual({ file, rest: changed(before) });
      expect({ file, cdktf: /'cdktf'|@uptime\/cdktf/.test(after) }).toEqual({ file, cdktf: false });
      writeFileSync(join(project, file), after);
    }

    const deployed = await run('npx', ['cdktn', 'deploy', 'website', '--auto-approve'], project, env, 300_000);
    expect(succeeded(deployed)).toEqual({ code: 0, output: '' });
    const listed = await fixture.rpc.monitors.listMonitors({});
    expect(listed.httpMonitors.map((m) => m.name).sort()).toEqual(['API health', 'Home page', 'Login form']);
    expect(listed.totalSize).toBe(3);
    expect(readFileSync(join(project, 'cdktf.out', 'stacks', 'website', LOCK_FILE), 'utf8')).toBe(builtLockFileText());

    const destroyed = await run('npx', ['cdktn', 'destroy', 'website', '--auto-approve'], project, env, 300_000);
    expect(succeeded(destroyed)).toEqual({ code: 0, output: '' });
    expect((await fixture.rpc.monitors.listMonitors({})).totalSize).toBe(0);
    await rm(clone, { recursive: true, force: true });
  }, 900_000);
});
