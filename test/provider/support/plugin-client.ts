// A tfplugin6 client that launches the plugin exactly as terraform does: the magic cookie, a client
// certificate in PLUGIN_CLIENT_CERT, the handshake line read from stdout, then gRPC over mutual TLS
// pinned to the server certificate the line carries. For protocol tests that need no terraform.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  create,
  type DescMessage,
  type DescService,
  type MessageInitShape,
  type MessageShape,
} from '@bufbuild/protobuf';
import { credentials, makeGenericClientConstructor, type Client as GrpcClient } from '@grpc/grpc-js';
import { EmptySchema, GRPCController } from '../../../provider/src/gen/plugin/grpc_controller_pb';
import { Provider } from '../../../provider/src/gen/tfplugin6/tfplugin6_pb';
import { createServerCertificate } from '../../../provider/src/plugin/certificate';
import { serviceDefinition } from '../../../provider/src/plugin/grpc-service';
import { ROOT } from './terraform';

export const MAGIC_COOKIE = 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2';
export const PLUGIN_MAIN = join(ROOT, 'provider', 'dist', 'main.js');

/** terraform's client certificate: the same kind of self-signed pair (RSA 2048: OpenSSL 3 refuses smaller). */
function clientCertificate(): { certPem: string; keyPem: string } {
  return createServerCertificate();
}

type Unary = <I extends DescMessage, O extends DescMessage>(
  service: DescService,
  method: string,
  input: I,
  output: O,
  init: MessageInitShape<I>,
) => Promise<MessageShape<O>>;

export interface LaunchedPlugin {
  child: ChildProcess;
  handshake: string[];
  /** Calls a tfplugin6 method by its local name (e.g. `getProviderSchema`). */
  call<K extends keyof typeof Provider.method>(
    method: K,
    init: MessageInitShape<(typeof Provider.method)[K]['input']>,
  ): Promise<MessageShape<(typeof Provider.method)[K]['output']>>;
  /** GRPCController.Shutdown; resolves with the plugin's exit code. */
  shutdown(): Promise<number | null>;
  stderr(): string;
}

/** Launches `command` (default: the built plugin run by this Node) as terraform would. */
export async function launchPlugin(
  env: NodeJS.ProcessEnv = {},
  command: string[] = [process.execPath, PLUGIN_MAIN],
): Promise<LaunchedPlugin> {
  const client = clientCertificate();
  const [file, ...args] = command;
  const child = spawn(file ?? process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE,
      PLUGIN_PROTOCOL_VERSIONS: '6',
      PLUGIN_CLIENT_CERT: client.certPem,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    void exited.then((code) => reject(new Error(`plugin exited ${code} before its handshake: ${stderr}`)));
  });
  const handshake = line.split('|');
  try {
    return connect(child, handshake, client, exited, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

function connect(
  child: ChildProcess,
  handshake: string[],
  client: { certPem: string; keyPem: string },
  exited: Promise<number | null>,
  stderr: () => string,
): LaunchedPlugin {
  const serverDer = Buffer.from(handshake[5] ?? '', 'base64');
  const serverPem = `-----BEGIN CERTIFICATE-----\n${serverDer.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
  const creds = credentials.createSsl(Buffer.from(serverPem), Buffer.from(client.keyPem), Buffer.from(client.certPem));
  const options = { 'grpc.ssl_target_name_override': 'localhost', 'grpc.default_authority': 'localhost' };
  const clients = new Map<DescService, GrpcClient>();
  const grpcClient = (service: DescService): GrpcClient => {
    let c = clients.get(service);
    if (!c) {
      const Ctor = makeGenericClientConstructor(serviceDefinition(service), service.typeName);
      c = new Ctor(handshake[3] ?? '', creds, options);
      clients.set(service, c);
    }
    return c;
  };
  const unary: Unary = (service, method, input, _output, init) =>
    new Promise((resolve, reject) => {
      const c = grpcClient(service) as unknown as Record<
        string,
        (req: unknown, cb: (err: Error | null, res: unknown) => void) => void
      >;
      const fn = c[method];
      if (!fn) throw new Error(`no method ${method}`);
      fn.call(c, create(input, init), (err, res) => (err ? reject(err) : resolve(res as never)));
    });
  return {
    child,
    handshake,
    call: (method, init) => {
      const desc = Provider.method[method];
      return unary(Provider, desc.name, desc.input, desc.output, init as never) as never;
    },
    shutdown: async () => {
      await unary(GRPCController, 'Shutdown', EmptySchema, EmptySchema, {}).catch(() => undefined);
      for (const c of clients.values()) c.close();
      return exited;
    },
    stderr,
  };
}
