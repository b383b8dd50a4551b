// The provider daemon: terraform starts a provider plugin three times per plan (schema, validate,
// plan) and a Node process takes ~0.5 s to load this one, so the installed launcher (a bash script,
// see tools/install.ts) hands each launch to this long-lived process instead. Per launch it opens a
// session (its own provider state and gRPC server, bound to the client certificate terraform sent)
// and answers the handshake line; the launcher prints it and stays until the session ends.
// It listens on loopback only, admits a launcher only with the secret of its state file (0600, in a
// 0700 folder of the user's home), and exits after SERVICE_PROVIDER_DAEMON_IDLE_MS without a session.
// When the plugin has been rebuilt or reinstalled (another Node.js or checkout) since it started, it
// answers STALE (the launcher then runs the plugin in its own process), stops taking sessions and
// exits once its last session ends.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createServerCertificate } from './plugin/certificate';
import { APP_PROTOCOL_VERSION, FORWARDED_ENV, openSession } from './plugin/session';
import { PROVIDER } from './registry';

const DEFAULT_IDLE_MS = 10 * 60_000;
const FORWARDED: readonly string[] = FORWARDED_ENV;

interface Hello {
  secret: string;
  clientCert: string | null;
  env: NodeJS.ProcessEnv;
}

/**
 * Reads the launcher's request: the secret; the client certificate's PEM lines between CERT and
 * END-CERT; `ENV <name> <value>` lines; END.
 */
function readHello(socket: Socket): Promise<Hello> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: socket });
    const hello: Hello = { secret: '', clientCert: null, env: {} };
    let first = true;
    let cert: string[] | null = null;
    const timer = setTimeout(() => reject(new Error('launcher sent no request')), 10_000);
    lines.on('line', (line) => {
      if (first) {
        hello.secret = line.trim();
        first = false;
      } else if (cert) {
        if (line === 'END-CERT') {
          hello.clientCert = `${cert.join('\n')}\n`;
          cert = null;
        } else cert.push(line);
      } else if (line === 'CERT') cert = [];
      else if (line === 'END') {
        clearTimeout(timer);
        resolve(hello);
        lines.close();
      } else {
        const [kind, name, ...value] = line.split(' ');
        if (kind === 'ENV' && name && FORWARDED.includes(name)) hello.env[name] = value.join(' ');
      }
    });
    lines.once('close', () => reject(new Error('launcher went away')));
  });
}

function main(): void {
  const stateFile = process.argv[2];
  if (!stateFile) throw new Error('usage: daemon.js <state file>');
  const idleMs = Number(process.env.SERVICE_PROVIDER_DAEMON_IDLE_MS ?? DEFAULT_IDLE_MS) || DEFAULT_IDLE_MS;
  const secret = randomBytes(32).toString('hex');
  const certificate = createServerCertificate();
  const build = (): number => statSync(join(__dirname, 'main.js')).mtimeMs;
  const startedBuild = build();
  // The Node.js and build the launchers run (tools/install.ts): a reinstall may name others.
  const installFile = join(dirname(stateFile), 'install');
  const installation = (): string => readFileSync(installFile, 'utf8');
  let startedInstallation = '';
  try {
    startedInstallation = installation();
  } catch {
    // Started by hand, without an installation: only a rebuild retires it.
  }
  let sessions = 0;
  let idle: NodeJS.Timeout | null = null;
  let port = 0;
  let retiring = false;

  const forget = (): void => {
    try {
      if (readFileSync(stateFile, 'utf8').startsWith(`${port} `)) rmSync(stateFile);
    } catch {
      // Already replaced or removed by a newer daemon.
    }
  };
  const stop = (): void => {
    forget();
    process.exit(0);
  };
  const armIdle = (): void => {
    if (idle) clearTimeout(idle);
    idle = null;
    if (sessions === 0 && retiring) stop();
    else if (sessions === 0) idle = setTimeout(stop, idleMs);
  };
  const stale = (): boolean => {
    try {
      return build() !== startedBuild || (startedInstallation !== '' && installation() !== startedInstallation);
    } catch {
      return true;
    }
  };

  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    void (async () => {
      const hello = await readHello(socket);
      const expected = Buffer.from(secret);
      const given = Buffer.from(hello.secret);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('bad secret');
      if (retiring || stale()) {
        socket.end('STALE\n');
        retiring = true;
        forget();
        server.close();
        armIdle();
        return;
      }
      const versions = (hello.env.PLUGIN_PROTOCOL_VERSIONS ?? String(APP_PROTOCOL_VERSION)).split(',');
      if (!versions.includes(String(APP_PROTOCOL_VERSION)))
        throw new Error(`terraform offered protocol ${versions.join(',')}, not ${APP_PROTOCOL_VERSION}`);
      const session = await openSession({
        provider: PROVIDER,
        clientCert: hello.clientCert,
        certificate: hello.clientCert ? certificate : null,
        env: hello.env,
      });
      sessions += 1;
      armIdle();
      socket.write(`${session.handshake}\n`);
      // terraform killed the launcher: end the session; the session ended: let the launcher exit.
      socket.once('close', () => session.close());
      await session.ended;
      socket.end();
      sessions -= 1;
      armIdle();
    })().catch((error: unknown) => {
      socket.end(`ERROR ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    port = address !== null && typeof address === 'object' ? address.port : 0;
    mkdirSync(dirname(stateFile), { recursive: true, mode: 0o700 });
    const temporary = `${stateFile}.${process.pid}`;
    writeFileSync(temporary, `${port} ${secret}\n`, { mode: 0o600 });
    renameSync(temporary, stateFile);
    armIdle();
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) main();
