// CDKTF 0.21 is HashiCorp's last release; its maintained fork cdktn has the same API. The same schema
// generates with @cdktn/provider-generator, the bindings compile with tsc, and a program written
// against `cdktn` synthesizes the same blocks: a user moves by swapping the package names.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateBindings, PROVIDER_SOURCE } from '../../cdktf/scripts/generate';

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
