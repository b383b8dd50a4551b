// The terraform test harness: the real built server on a fresh database, the provider plugin installed
// in terraform's implicit local mirror of a private HOME (as `npm run provider:install` does for a
// user), and working directories where the real `terraform` binary runs init, plan, apply, import and
// destroy. Where terraform is absent, suites fail under CI and print one loud SKIP line and skip on a
// developer's machine (test/support/skips.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb.js';
import { AlertService } from '@uptime/proto/gen/alert/v1/alert_service_pb.js';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb.js';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { withKey } from '../../support/rpc';
import { bannerKey, startServer, type RunningServer } from '../../support/server';
import { describeWithTool, onPath } from '../../support/skips';

export const ROOT = join(__dirname, '..', '..', '..');
export const PROVIDER_SOURCE = 'uptime.local/uptime/service';

export const TERRAFORM = onPath('terraform');

/** `describe` when terraform is on the PATH; otherwise a failure under CI, or a loud skip elsewhere. */
export function describeWithTerraform(name: string, body: () => void): void {
  describeWithTool('terraform', TERRAFORM)(name, body);
}

/** The canonical required_providers block and a provider block (token and URL from the environment). */
export const PROVIDER_BLOCK = `terraform {
  required_providers {
    service = {
      source  = "${PROVIDER_SOURCE}"
      version = "~> 0.1"
    }
  }
}

provider "service" {}
`;

export interface TerraformRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Rpc {
  monitors: Client<typeof MonitorService>;
  notifications: Client<typeof NotificationService>;
  statusPages: Client<typeof StatusPageService>;
  privateLocations: Client<typeof PrivateLocationService>;
  alerts: Client<typeof AlertService>;
}

export interface ProviderFixture {
  server: RunningServer;
  /** The server's environment (database, data folder), for the command line. */
  serverEnv: Record<string, string>;
  /** A write API key of the server's workspace. */
  key: string;
  /** Root of the RPC API, as the provider's base_url. */
  rpcUrl: string;
  rpc: Rpc;
  home: string;
  /** The environment terraform runs with: private HOME, empty CLI config, SERVICE_* set. */
  env: NodeJS.ProcessEnv;
  /** A fresh working directory holding `files` (main.tf etc.), initialised with `terraform init`. */
  workdir(files: Record<string, string>): Promise<Workdir>;
  close(): Promise<void>;
}

export interface Workdir {
  dir: string;
  write(files: Record<string, string>): void;
  run(args: string[], extraEnv?: NodeJS.ProcessEnv): Promise<TerraformRun>;
  /** terraform apply -auto-approve; throws with terraform's output when it fails. */
  apply(): Promise<TerraformRun>;
  /** terraform plan -detailed-exitcode: 0 no changes, 2 changes; throws on 1. */
  plan(): Promise<TerraformRun & { changes: boolean }>;
  destroy(): Promise<TerraformRun>;
  /** terraform show -json of the state: resource address -> values. */
  state(): Promise<Record<string, Record<string, unknown>>>;
  /** terraform output -json. */
  outputs(): Promise<Record<string, { value: unknown; sensitive: boolean }>>;
}

export function runTerraform(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<TerraformRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(TERRAFORM ?? 'terraform', args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function must(step: string, run: TerraformRun, ok: (code: number | null) => boolean = (c) => c === 0): TerraformRun {
  if (!ok(run.code)) throw new Error(`terraform ${step} exited ${run.code}\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** Installs the built plugin (provider/dist) the way `npm run provider:install` does, into `home`, run by `node`. */
export function installPlugin(home: string, node = process.execPath): void {
  const run = spawnSync(
    node,
    [join(ROOT, 'provider', 'dist', 'tools', 'install.js'), join(home, '.terraform.d', 'plugins')],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`provider install failed: ${run.stderr}`);
}

/** terraform's environment for a private HOME: no user CLI config, no colour, no prompts, no telemetry. */
export function terraformEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const cliConfig = join(home, 'terraformrc');
  writeFileSync(cliConfig, '');
  return {
    PATH: process.env.PATH,
    HOME: home,
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    CHECKPOINT_DISABLE: '1',
    NO_COLOR: '1',
    // The provider daemon a test starts goes away soon after its last session.
    SERVICE_PROVIDER_DAEMON_IDLE_MS: '20000',
    ...extra,
  };
}

export function rpcClients(baseUrl: string, key: string): Rpc {
  const transport = createConnectTransport({ baseUrl, httpVersion: '1.1', interceptors: [withKey(key)] });
  return {
    monitors: createClient(MonitorService, transport),
    notifications: createClient(NotificationService, transport),
    statusPages: createClient(StatusPageService, transport),
    privateLocations: createClient(PrivateLocationService, transport),
    alerts: createClient(AlertService, transport),
  };
}

/** The server on a fresh database (PostgreSQL when DATABASE_URL is set, else embedded), the plugin installed. */
export async function startProviderFixture(): Promise<ProviderFixture> {
  let database: TestDatabase | null = null;
  const serverEnv: Record<string, string> = { CHECKER_EMBEDDED: 'false' };
  if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
    database = await createTestDatabase();
    serverEnv.DATABASE_URL = database.url;
    serverEnv.DATA_DIR = mkdtempSync(join(tmpdir(), 'svc-tf-data-'));
  } else {
    serverEnv.DATA_DIR = mkdtempSync(join(tmpdir(), 'svc-tf-data-'));
  }
  const server = await startServer(serverEnv);
  const key = bannerKey(server.stderr());
  const rpcUrl = `${server.baseUrl}/rpc`;
  const home = mkdtempSync(join(tmpdir(), 'svc-tf-home-'));
  installPlugin(home);
  const env = terraformEnv(home, { SERVICE_API_TOKEN: key, SERVICE_BASE_URL: rpcUrl });
  const fixture: ProviderFixture = {
    server,
    serverEnv,
    key,
    rpcUrl,
    rpc: rpcClients(rpcUrl, key),
    home,
    env,
    workdir: async (files) => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-tf-work-'));
      const wd = workdirAt(dir, env);
      wd.write(files);
      must('init', await wd.run(['init', '-input=false', '-no-color']));
      return wd;
    },
    close: async () => {
      await server.stop();
      await database?.close();
    },
  };
  return fixture;
}

export function workdirAt(dir: string, env: NodeJS.ProcessEnv): Workdir {
  mkdirSync(dir, { recursive: true });
  const run = (args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<TerraformRun> =>
    runTerraform(dir, args, { ...env, ...extraEnv });
  return {
    dir,
    write: (files) => {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    },
    run,
    apply: async () => must('apply', await run(['apply', '-auto-approve', '-input=false', '-no-color'])),
    plan: async () => {
      const result = must(
        'plan',
        await run(['plan', '-detailed-exitcode', '-input=false', '-no-color']),
        (c) => c === 0 || c === 2,
      );
      return { ...result, changes: result.code === 2 };
    },
    destroy: async () => must('destroy', await run(['destroy', '-auto-approve', '-input=false', '-no-color'])),
    state: async () => {
      const shown = must('show', await run(['show', '-json', '-no-color']));
      const doc = JSON.parse(shown.stdout) as {
        values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } };
      };
      const out: Record<string, Record<string, unknown>> = {};
      for (const r of doc.values?.root_module?.resources ?? []) out[r.address] = r.values;
      return out;
    },
    outputs: async () => {
      const shown = must('output', await run(['output', '-json', '-no-color']));
      return JSON.parse(shown.stdout) as Record<string, { value: unknown; sensitive: boolean }>;
    },
  };
}
