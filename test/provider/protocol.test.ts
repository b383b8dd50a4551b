// The plugin over tfplugin6 without terraform: launched as terraform launches it (cookie, client
// certificate, handshake line, mutual TLS), driven through schema, validation, plan, apply, read,
// import, a data source and shutdown against the real server on a real database.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockType } from '../../provider/src/framework/cty';
import { decodeMsgpack, encodeMsgpack } from '../../provider/src/framework/codec';
import { UNKNOWN, type Block, type Obj } from '../../provider/src/framework/types';
import { Diagnostic_Severity, type Diagnostic } from '../../provider/src/gen/tfplugin6/tfplugin6_pb';
import { DATA_SOURCES, RESOURCES } from '../../provider/src/registry';
import { launchPlugin, MAGIC_COOKIE, PLUGIN_MAIN, type LaunchedPlugin } from './support/plugin-client';
import { ROOT, startProviderFixture, type ProviderFixture } from './support/terraform';

const http = RESOURCES.find((r) => r.typeName === 'service_http_monitor');
const monitors = DATA_SOURCES.find((d) => d.typeName === 'service_monitors');

function value(block: Block, obj: Obj | null) {
  return { msgpack: encodeMsgpack(obj, blockType(block)) };
}
function read(block: Block, dv: { msgpack: Uint8Array } | undefined): Obj | null {
  return dv ? (decodeMsgpack(dv.msgpack, blockType(block)) as Obj | null) : null;
}
function nulls(block: Block, values: Obj): Obj {
  const out: Obj = {};
  for (const name of Object.keys(block.attributes)) out[name] = null;
  for (const [name, nested] of Object.entries(block.blocks ?? {})) out[name] = nested.nesting === 'single' ? null : [];
  return { ...out, ...values };
}
const errors = (diags: Diagnostic[]) => diags.filter((d) => d.severity === Diagnostic_Severity.ERROR);
const pathOf = (d: Diagnostic) => d.attribute?.steps.map((s) => String(s.selector.value)) ?? [];

describe('the provider plugin over tfplugin6', () => {
  it('explains itself when run by hand, without the magic cookie', () => {
    const run = spawnSync(process.execPath, [PLUGIN_MAIN], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Terraform provider plugin');
    expect(run.stderr).toContain('npm run provider:install');
    expect(run.stdout).toBe('');
  });

  it('refuses a protocol version it does not speak', () => {
    const run = spawnSync(process.execPath, [PLUGIN_MAIN], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE, PLUGIN_PROTOCOL_VERSIONS: '5' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('protocol 6');
  });

  describe('against the running service', () => {
    let fixture: ProviderFixture;
    let plugin: LaunchedPlugin;

    beforeAll(async () => {
      fixture = await startProviderFixture();
      plugin = await launchPlugin();
    });

    afterAll(async () => {
      await plugin?.shutdown();
      await fixture?.close();
    });

    it('prints the go-plugin handshake line with protocol 6 and the server certificate', () => {
      const [core, app, network, address, protocol, cert] = plugin.handshake;
      expect([core, app, network, protocol]).toEqual(['1', '6', 'tcp', 'grpc']);
      expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(Buffer.from(cert ?? '', 'base64').length).toBeGreaterThan(300);
    });

    it('serves every resource and data source of provider-schema/schema.json', async () => {
      const schema = await plugin.call('getProviderSchema', {});
      const doc = JSON.parse(readFileSync(join(ROOT, 'provider-schema', 'schema.json'), 'utf8')) as {
        provider_schemas: Record<string, { resource_schemas: object; data_source_schemas: object }>;
      };
      const file = doc.provider_schemas['uptime.local/uptime/service'];
      expect(Object.keys(schema.resourceSchemas).sort()).toEqual(Object.keys(file?.resource_schemas ?? {}).sort());
      expect(Object.keys(schema.dataSourceSchemas).sort()).toEqual(Object.keys(file?.data_source_schemas ?? {}).sort());
      expect(Object.keys(schema.resourceSchemas)).toHaveLength(12);
      expect(Object.keys(schema.dataSourceSchemas)).toHaveLength(7);
      expect(schema.provider?.block?.attributes.find((a) => a.name === 'api_token')?.sensitive).toBe(true);
    });

    it('reports a bad value at validation on its attribute path, before any API call', async () => {
      if (!http) throw new Error('service_http_monitor missing');
      const config = nulls(http.schema, {
        name: 'x'.repeat(300),
        url: 'http://127.0.0.1:9/',
        periodicity: '1m',
        timeout: 200000,
      });
      const answer = await plugin.call('validateResourceConfig', {
        typeName: 'service_http_monitor',
        config: value(http.schema, config),
      });
      const diags = errors(answer.diagnostics);
      expect(diags.map(pathOf)).toEqual(expect.arrayContaining([['name'], ['timeout']]));
      expect(diags.map((d) => d.detail).join('\n')).toMatch(/256 characters/);
      expect(diags.map((d) => d.detail).join('\n')).toMatch(/0 to 120000/);
    });

    it('lets terraform skip GetProviderSchema: a fresh session validates without being asked for it', async () => {
      if (!http) throw new Error('service_http_monitor missing');
      const fresh = await launchPlugin();
      try {
        const metadata = await fresh.call('getMetadata', {});
        expect(metadata.serverCapabilities?.getProviderSchemaOptional).toBe(true);
        expect(metadata.resources.map((r) => r.typeName)).toContain('service_http_monitor');
        const answer = await fresh.call('validateResourceConfig', {
          typeName: 'service_http_monitor',
          config: value(http.schema, nulls(http.schema, { name: 'ok', url: 'ftp://127.0.0.1/', periodicity: '1m' })),
        });
        expect(errors(answer.diagnostics).map(pathOf)).toEqual([['url']]);
      } finally {
        await fresh.shutdown();
      }
    });

    it('refuses a wrong token with one diagnostic on api_token', async () => {
      const other = await launchPlugin();
      try {
        const answer = await other.call('configureProvider', {
          config: value(
            {
              attributes: {
                api_token: { type: 'string', description: '' },
                base_url: { type: 'string', description: '' },
              },
            },
            {
              api_token: 'svc_not_a_key',
              base_url: fixture.rpcUrl,
            },
          ),
        });
        const diags = errors(answer.diagnostics);
        expect(diags).toHaveLength(1);
        expect(diags[0]?.summary).toBe('The service refused the API token');
        expect(pathOf(diags[0])).toEqual(['api_token']);
      } finally {
        await other.shutdown();
      }
    });

    it('plans, applies, reads, imports and deletes an HTTP monitor, and reads the monitors data source', async () => {
      if (!http || !monitors) throw new Error('resource or data source missing');
      const providerBlock = {
        attributes: {
          api_token: { type: 'string' as const, description: '' },
          base_url: { type: 'string' as const, description: '' },
        },
      };
      const configured = await plugin.call('configureProvider', {
        config: value(providerBlock, { api_token: fixture.key, base_url: fixture.rpcUrl }),
      });
      expect(errors(configured.diagnostics)).toEqual([]);

      const config = nulls(http.schema, {
        name: 'protocol',
        url: 'http://127.0.0.1:9/health',
        periodicity: '5m',
        regions: ['fly-ams'],
      });
      const plan = await plugin.call('planResourceChange', {
        typeName: 'service_http_monitor',
        priorState: value(http.schema, null),
        proposedNewState: value(http.schema, config),
        config: value(http.schema, config),
      });
      expect(errors(plan.diagnostics)).toEqual([]);
      const planned = read(http.schema, plan.plannedState) as Obj;
      expect(planned.id).toBe(UNKNOWN);
      expect([
        planned.timeout,
        planned.retry,
        planned.method,
        planned.follow_redirects,
        planned.active,
        planned.public,
      ]).toEqual([45000, 3, 'GET', true, false, false]);

      const applied = await plugin.call('applyResourceChange', {
        typeName: 'service_http_monitor',
        priorState: value(http.schema, null),
        plannedState: plan.plannedState,
        config: value(http.schema, config),
      });
      expect(errors(applied.diagnostics)).toEqual([]);
      const state = read(http.schema, applied.newState) as Obj;
      const id = state.id as string;
      expect(state.id).toMatch(/^\d+$/);
      const fromApi = await fixture.rpc.monitors.getMonitor({ id });
      expect(fromApi.monitor?.config.case).toBe('http');
      expect(fromApi.monitor?.config.value?.name).toBe('protocol');

      const refreshed = await plugin.call('readResource', {
        typeName: 'service_http_monitor',
        currentState: applied.newState,
      });
      expect(read(http.schema, refreshed.newState)).toEqual(state);

      const imported = await plugin.call('importResourceState', { typeName: 'service_http_monitor', id });
      expect(errors(imported.diagnostics)).toEqual([]);
      expect((read(http.schema, imported.importedResources[0]?.state) as Obj).id).toBe(state.id);

      const list = await plugin.call('readDataSource', {
        typeName: 'service_monitors',
        config: value(monitors.schema, nulls(monitors.schema, {})),
      });
      expect(errors(list.diagnostics)).toEqual([]);
      const listed = read(monitors.schema, list.state) as Obj;
      expect(listed.limit).toBe(50);
      expect(listed.monitors).toEqual([{ id: state.id, name: 'protocol', type: 'http' }]);

      const destroyed = await plugin.call('applyResourceChange', {
        typeName: 'service_http_monitor',
        priorState: applied.newState,
        plannedState: value(http.schema, null),
        config: value(http.schema, null),
      });
      expect(errors(destroyed.diagnostics)).toEqual([]);
      expect(read(http.schema, destroyed.newState)).toBeNull();
      const gone = await plugin.call('readResource', {
        typeName: 'service_http_monitor',
        currentState: applied.newState,
      });
      expect(read(http.schema, gone.newState)).toBeNull();
    });

    it('exits promptly on GRPCController.Shutdown', async () => {
      const other = await launchPlugin();
      expect(await other.shutdown()).toBe(0);
    });
  });
});
