// The HCL examples under examples/ with the real terraform: every resource and data-source example,
// beside examples/provider/provider.tf, passes `terraform validate` and `terraform fmt`; and the HTTP
// monitor example applies against a running service as a user runs it (token from SERVICE_API_TOKEN,
// base URL through the provider.tf variable), plans clean a second time, and destroys.
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeWithTerraform,
  ROOT,
  startProviderFixture,
  workdirAt,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

const EXAMPLES = join(ROOT, 'examples');
const providerTf = readFileSync(join(EXAMPLES, 'provider', 'provider.tf'), 'utf8');

/** Every example configuration: `resources/<type>/resource.tf` and `data-sources/<type>/data-source.tf`. */
const examples = ['resources', 'data-sources'].flatMap((folder) =>
  readdirSync(join(EXAMPLES, folder))
    .sort()
    .map((type) => ({
      name: `${folder}/${type}`,
      file: join(EXAMPLES, folder, type, folder === 'resources' ? 'resource.tf' : 'data-source.tf'),
    })),
);

describeWithTerraform('HCL examples', () => {
  let fixture: ProviderFixture;
  let initialised: Workdir;

  beforeAll(async () => {
    fixture = await startProviderFixture();
    // One `terraform init`; the other directories share its providers and lock file.
    initialised = await fixture.workdir({ 'provider.tf': providerTf });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  /** A directory holding provider.tf and `example`, using the initialised directory's providers. */
  function sharedWorkdir(example: string): Workdir {
    const dir = mkdtempSync(join(tmpdir(), 'svc-tf-example-'));
    symlinkSync(join(initialised.dir, '.terraform'), join(dir, '.terraform'));
    cpSync(join(initialised.dir, '.terraform.lock.hcl'), join(dir, '.terraform.lock.hcl'));
    const wd = workdirAt(dir, fixture.env);
    wd.write({ 'provider.tf': providerTf, 'main.tf': readFileSync(example, 'utf8') });
    return wd;
  }

  it('has the 12 resource and 7 data-source examples, each with import.sh for a resource', () => {
    expect(examples.filter((e) => e.name.startsWith('resources/'))).toHaveLength(12);
    expect(examples.filter((e) => e.name.startsWith('data-sources/'))).toHaveLength(7);
    for (const e of examples) {
      expect(readFileSync(e.file, 'utf8')).toMatch(/^(resource|data) "service_/m);
      if (e.name.startsWith('resources/')) {
        const type = e.name.split('/')[1];
        expect(readFileSync(join(EXAMPLES, e.name, 'import.sh'), 'utf8')).toMatch(
          new RegExp(`^terraform import ${type}\\.[a-z_]+ \\S+$`, 'm'),
        );
      }
    }
  });

  it('are formatted as terraform fmt writes them', async () => {
    const run = await initialised.run(['fmt', '-check', '-recursive', '-list=true', '-no-color', EXAMPLES]);
    expect([run.stdout, run.code]).toEqual(['', 0]);
  });

  it.each(examples.map((e) => [e.name, e.file]))('%s passes terraform validate', async (_name, file) => {
    const run = await sharedWorkdir(file).run(['validate', '-no-color']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('Success!');
  });

  it('applies the service_http_monitor example, plans clean, imports it as import.sh does, and destroys it', async () => {
    const wd = sharedWorkdir(join(EXAMPLES, 'resources', 'service_http_monitor', 'resource.tf'));
    // A user's environment: the token from SERVICE_API_TOKEN (api_token left null), the URL as a variable.
    const env = { SERVICE_BASE_URL: '', TF_VAR_service_base_url: fixture.rpcUrl };
    const apply = await wd.run(['apply', '-auto-approve', '-input=false', '-no-color'], env);
    expect([apply.code, apply.stderr]).toEqual([0, '']);
    expect(apply.stdout).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');

    const listed = await fixture.rpc.monitors.listMonitors({});
    expect(listed.totalSize).toBe(1);
    expect(listed.httpMonitors).toHaveLength(1);
    const http = listed.httpMonitors[0];
    expect(http).toMatchObject({
      name: 'Service health',
      url: 'http://127.0.0.1:3000/health',
      active: false,
      followRedirects: false,
    });
    expect(http.statusCodeAssertions).toHaveLength(1);
    expect(http.bodyAssertions).toHaveLength(1);
    expect(http.headerAssertions).toHaveLength(1);
    expect(http.headers.map((h) => h.key)).toEqual(['Accept']);

    const plan = await wd.run(['plan', '-detailed-exitcode', '-input=false', '-no-color'], env);
    expect([plan.code, plan.stdout]).toEqual([0, expect.stringContaining('No changes.')]);

    // The command of import.sh, with this monitor's id, brings it into a fresh state that plans clean.
    const script = readFileSync(join(EXAMPLES, 'resources', 'service_http_monitor', 'import.sh'), 'utf8');
    const address = /^terraform import (\S+) \S+$/m.exec(script)![1];
    const fresh = sharedWorkdir(join(EXAMPLES, 'resources', 'service_http_monitor', 'resource.tf'));
    const imported = await fresh.run(['import', '-input=false', '-no-color', address, http.id], env);
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    const replan = await fresh.run(['plan', '-detailed-exitcode', '-input=false', '-no-color'], env);
    expect([replan.code, replan.stdout]).toEqual([0, expect.stringContaining('No changes.')]);

    const destroy = await wd.run(['destroy', '-auto-approve', '-input=false', '-no-color'], env);
    expect([destroy.code, destroy.stderr]).toEqual([0, '']);
    expect((await fixture.rpc.monitors.listMonitors({})).totalSize).toBe(0);
  });
});
