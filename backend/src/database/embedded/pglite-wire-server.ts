// Serves one embedded PGlite database to ordinary PostgreSQL clients (node-postgres, psql) over a
// loopback TCP socket, so the embedded mode uses the same driver, SQL and migrations as a real server.
//
// Loopback is not private: any local user can connect to the port. So every connection proves the
// password with SCRAM-SHA-256 (what PostgreSQL uses by default, and what node-postgres and libpq
// speak) before a single message reaches PGlite; the password never crosses the socket, and a wrong
// or missing one gets FATAL 28P01 and the socket closed.
//
// PGlite is a single backend session. Several client connections share it safely because:
// - messages are forwarded in whole protocol batches (up to Sync or a simple Query), so the
//   Parse/Bind/Execute of one connection is never interleaved with another connection's;
// - a connection that leaves the session inside a transaction block keeps the session until the
//   transaction ends, and other connections wait; a connection that dies mid-transaction is rolled
//   back before anyone else runs;
// - because everyone else waits, a connection may not sit idle while it holds the session: after
//   idleInTransactionTimeoutMs it is rolled back and cut off (FATAL 25P03, as PostgreSQL's
//   idle_in_transaction_session_timeout does), and a waiter gives up after lockWaitTimeoutMs
//   (FATAL 55P03) rather than hang behind a connection that keeps the session busy.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** PostgreSQL's own bound for the startup packet (MAX_STARTUP_PACKET_LENGTH); SASL messages are smaller. */
const MAX_UNAUTHENTICATED_MESSAGE = 10000;
const SCRAM = 'SCRAM-SHA-256';
/** PostgreSQL's default (scram_iterations). */
const SCRAM_ITERATIONS = 4096;

class LockWaitTimeout extends Error {}
class ConnectionGone extends Error {}

interface Waiter {
  id: number;
  wake: () => void;
  fail: (error: Error) => void;
  timer: NodeJS.Timeout | null;
}

/** Whole-session lock with an owner, so a transaction stays with the connection that opened it. */
class SessionLock {
  private owner: number | null = null;
  private readonly waiters: Waiter[] = [];

  get holder(): number | null {
    return this.owner;
  }

  acquire(id: number, waitMs: number): Promise<void> {
    if (this.owner === null || this.owner === id) {
      this.owner = id;
      return Promise.resolve();
    }
    return new Promise<void>((wake, fail) => {
      const waiter: Waiter = { id, wake, fail, timer: null };
      if (waitMs > 0 && Number.isFinite(waitMs)) {
        waiter.timer = setTimeout(() => {
          this.remove(waiter);
          fail(new LockWaitTimeout());
        }, waitMs);
      }
      this.waiters.push(waiter);
    });
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiters.shift();
    this.owner = next ? next.id : null;
    if (next?.timer) clearTimeout(next.timer);
    next?.wake();
  }

  /** Drops a closed connection's waiters; their runs settle (and skip) so the connection's chain ends. */
  forget(id: number): void {
    for (const waiter of this.waiters.filter((w) => w.id === id)) {
      this.remove(waiter);
      waiter.fail(new ConnectionGone());
    }
  }

  private remove(waiter: Waiter): void {
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    if (waiter.timer) clearTimeout(waiter.timer);
  }
}

export interface PgliteWireServerOptions {
  /** Every client must prove this password (SCRAM-SHA-256). Printable ASCII, at least 16 characters. */
  password: string;
  /**
   * A connection that holds the session (inside a transaction, or between Flush and Sync) and sends
   * nothing for this long is rolled back and disconnected. Default 30 s.
   */
  idleInTransactionTimeoutMs?: number;
  /** A connection that has waited this long for the session is disconnected. Default 60 s; 0 waits forever. */
  lockWaitTimeoutMs?: number;
  /** A connection that has not authenticated within this long is dropped. Default 60 s, as PostgreSQL's. */
  authenticationTimeoutMs?: number;
}

export interface WireListenOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

interface ScramVerifier {
  salt: Buffer;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

function scramVerifier(password: string): ScramVerifier {
  // The password is printable ASCII (checked by the constructor), which SASLprep leaves unchanged.
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, 'sha256');
  return { salt, storedKey: sha256(hmac(salted, 'Client Key')), serverKey: hmac(salted, 'Server Key') };
}

function frame(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function authentication(code: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4);
  head.writeInt32BE(code);
  return frame('R', Buffer.concat([head, data]));
}

function fatal(code: string, message: string): Buffer {
  const field = (tag: string, value: string) => Buffer.from(`${tag}${value}\0`, 'utf8');
  return frame(
    'E',
    Buffer.concat([field('S', 'FATAL'), field('V', 'FATAL'), field('C', code), field('M', message), Buffer.from([0])]),
  );
}

const query = (sql: string): Buffer => frame('Q', Buffer.from(`${sql}\0`, 'utf8'));
const SYNC = frame('S', Buffer.alloc(0));
// Ends whatever the connection left behind: a ROLLBACK aborts an open transaction block and also the
// implicit transaction of an extended query that never reached Sync (PostgreSQL aborts both when
// the client goes away); Sync leaves "ignore until Sync" after an error; the second ROLLBACK ends a
// transaction block that was failed while its ROLLBACK was being ignored.
const RESET_SESSION = Buffer.concat([query('ROLLBACK'), SYNC, query('ROLLBACK')]);

function startupParameters(message: Buffer): Map<string, string> {
  const parts = message.subarray(8).toString('utf8').split('\0');
  const params = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) params.set(parts[i], parts[i + 1]);
  return params;
}

type Phase = 'startup' | 'sasl-initial' | 'sasl-final' | 'ready';

/** A NOTIFY seen in the session's output: channel and payload. */
export interface WireNotification {
  channel: string;
  payload: string;
}

/**
 * Finds NotificationResponse ('A') messages in one run's output, which PGlite hands over in chunks
 * that may split a message. A run's output starts at a message boundary.
 */
export class NotificationScanner {
  /** Bytes of a message that is not a notification, still to pass over. */
  private skip = 0;
  /** The start of a message whose header or notification is split across chunks. */
  private rest: Buffer = Buffer.alloc(0);

  constructor(private readonly found: (notification: WireNotification) => void) {}

  feed(chunk: Uint8Array): void {
    let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (this.skip) {
      const passed = Math.min(this.skip, data.length);
      this.skip -= passed;
      data = data.subarray(passed);
    }
    if (this.rest.length) {
      data = Buffer.concat([this.rest, data]);
      this.rest = Buffer.alloc(0);
    }
    let at = 0;
    while (at < data.length) {
      const left = data.length - at;
      if (left < 5) {
        this.rest = Buffer.from(data.subarray(at));
        return;
      }
      const total = 1 + data.readInt32BE(at + 1);
      if (data[at] !== 0x41) {
        if (left < total) {
          this.skip = total - left;
          return;
        }
      } else {
        if (left < total) {
          this.rest = Buffer.from(data.subarray(at));
          return;
        }
        // Int32 process id, then channel and payload, each NUL-terminated.
        const body = data.subarray(at + 9, at + total);
        const end = body.indexOf(0);
        this.found({
          channel: body.toString('utf8', 0, end),
          payload: body.toString('utf8', end + 1, body.indexOf(0, end + 1)),
        });
      }
      at += total;
    }
  }
}

/** Wire servers listening in this process, by port: their notifications can be heard in process. */
const IN_THIS_PROCESS = new Map<number, PgliteWireServer>();

/** The connection id that LISTENs on the server's own behalf (connections count from 1). */
const SERVER_ITSELF = 0;

export class PgliteWireServer {
  /**
   * Notifications committed through any connection, delivered in this process. PGlite is one
   * session: a NOTIFY reaches the connection that committed it, in the same answer as its commit,
   * never another connection, so a LISTENing client would never hear it. Here it is emitted
   * before that answer is written, so a listener has acted before the committer hears "committed".
   * Only the channels passed to `listenTo` arrive.
   */
  onNotification(listener: (notification: WireNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private readonly listeners = new Set<(notification: WireNotification) => void>();
  private server: Server | null = null;
  private port: number | null = null;
  private readonly lock = new SessionLock();
  private readonly sockets = new Set<Socket>();
  private readonly verifier: ScramVerifier;
  private readonly idleMs: number;
  private readonly lockWaitMs: number;
  private readonly authenticationMs: number;
  private nextId = 1;
  private stopped = false;

  constructor(
    private readonly db: PGlite,
    options: PgliteWireServerOptions,
  ) {
    if (!/^[\x21-\x7e]{16,}$/.test(options.password)) {
      throw new Error('PgliteWireServer: the password must be at least 16 printable ASCII characters');
    }
    this.verifier = scramVerifier(options.password);
    this.idleMs = options.idleInTransactionTimeoutMs ?? 30000;
    this.lockWaitMs = options.lockWaitTimeoutMs ?? 60000;
    this.authenticationMs = options.authenticationTimeoutMs ?? 60000;
  }

  /** The wire server of this process that serves this postgres:// URL, if one does. */
  static servedHere(url: string): PgliteWireServer | undefined {
    try {
      const parsed = new URL(url);
      if (parsed.hostname !== '127.0.0.1' && parsed.hostname !== 'localhost') return undefined;
      return IN_THIS_PROCESS.get(Number(parsed.port));
    } catch {
      return undefined;
    }
  }

  async listen(options: WireListenOptions = {}): Promise<AddressInfo> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo;
    this.port = address.port;
    IN_THIS_PROCESS.set(address.port, this);
    return address;
  }

  /** LISTENs on a channel for the `notifications` of this process; waits for any open transaction. */
  async listenTo(channel: string): Promise<void> {
    await this.lock.acquire(SERVER_ITSELF, this.lockWaitMs);
    try {
      // exec() would wait for the lock runExclusive holds: speak the protocol, as the connections do,
      // streamed (the first raw exchange's answer was seen to reach the next connection otherwise).
      const listen = query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(new Uint8Array(listen), { onRawData: () => undefined }),
      );
    } finally {
      this.lock.release(SERVER_ITSELF);
    }
  }

  async close(): Promise<void> {
    if (this.port !== null && IN_THIS_PROCESS.get(this.port) === this) IN_THIS_PROCESS.delete(this.port);
    this.listeners.clear();
    const server = this.server;
    this.server = null;
    this.stopped = true;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    const id = this.nextId++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let buffer: Buffer = Buffer.alloc(0);
    let phase: Phase = 'startup';
    let startup: Buffer = Buffer.alloc(0);
    let user = '';
    let gs2Header = '';
    let clientFirstBare = '';
    let serverFirst = '';
    let nonce = '';
    let batch: Buffer[] = [];
    let chain = Promise.resolve();
    // Batches queued or running for this connection; the session is "idle" only when this is 0.
    let pending = 0;
    let idleTimer: NodeJS.Timeout | null = null;
    let closed = false;
    // No more input is read once the connection is being cut off.
    let ending = false;

    const authTimer = setTimeout(() => socket.destroy(), this.authenticationMs);

    const disarmIdle = (): void => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
    };

    /** Sends a FATAL error and closes; the session is reset and released before anyone else runs. */
    const terminate = (code: string, message: string): void => {
      if (ending) return;
      ending = true;
      disarmIdle();
      if (!socket.destroyed) socket.end(fatal(code, message));
      // A peer that never reads must not keep the socket (or the session) open.
      setTimeout(() => socket.destroy(), 1000).unref();
      cleanup();
    };

    const armIdle = (): void => {
      disarmIdle();
      if (closed || ending || pending > 0 || this.lock.holder !== id) return;
      idleTimer = setTimeout(() => {
        idleTimer = null;
        if (pending > 0 || this.lock.holder !== id) return;
        terminate('25P03', 'terminating connection due to idle-in-transaction timeout');
      }, this.idleMs);
    };

    const run = async (payload: Buffer, endsSync: boolean): Promise<void> => {
      if (closed || this.stopped) return;
      await this.lock.acquire(id, this.lockWaitMs);
      if (closed || this.stopped) return;
      try {
        const scanner = new NotificationScanner((notification) => {
          for (const listener of this.listeners) listener(notification);
        });
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(new Uint8Array(payload), {
            onRawData: (data) => {
              scanner.feed(data);
              if (!socket.destroyed) socket.write(data);
            },
          }),
        );
      } finally {
        // A closed connection keeps the session until cleanup has reset it.
        if (!closed && endsSync && !this.db.isInTransaction()) this.lock.release(id);
      }
    };

    const enqueue = (payload: Buffer, endsSync: boolean): void => {
      pending += 1;
      disarmIdle();
      chain = chain
        .then(() => run(payload, endsSync))
        .catch((error: unknown) => {
          if (error instanceof ConnectionGone) return;
          if (error instanceof LockWaitTimeout) {
            terminate(
              '55P03',
              `canceling statement due to lock timeout: another connection held the embedded database for over ${this.lockWaitMs} ms`,
            );
            return;
          }
          socket.destroy();
        })
        .finally(() => {
          pending -= 1;
          armIdle();
        });
    };

    const cleanup = (): void => {
      if (closed) return;
      closed = true;
      clearTimeout(authTimer);
      disarmIdle();
      this.sockets.delete(socket);
      this.lock.forget(id);
      chain = chain.then(async () => {
        // Every earlier batch of this connection has finished. If it still holds the session, it left
        // a transaction or an extended query open: end it before anyone else runs.
        if (this.lock.holder !== id) return;
        try {
          if (!this.stopped && !this.db.closed) {
            await this.db.runExclusive(() => this.db.execProtocolRaw(new Uint8Array(RESET_SESSION)));
          }
        } finally {
          this.lock.release(id);
        }
      });
    };

    const refuse = (): void =>
      terminate('28P01', `password authentication failed for user "${user.slice(0, 63).replace(/"/g, "'")}"`);

    const authenticate = (type: string, body: Buffer): void => {
      if (type !== 'p') return refuse();
      if (phase === 'sasl-initial') {
        const end = body.indexOf(0);
        if (end < 0 || body.toString('utf8', 0, end) !== SCRAM || body.length < end + 5) return refuse();
        const size = body.readInt32BE(end + 1);
        const clientFirst = body.toString('utf8', end + 5, size < 0 ? end + 5 : end + 5 + size);
        // No channel binding (no TLS on loopback) and no authorization identity, as PostgreSQL.
        const match = /^([ny],,)(n=[^,]*,r=([\x21-\x2b\x2d-\x7e]+))$/.exec(clientFirst);
        if (!match) return refuse();
        [, gs2Header, clientFirstBare] = match;
        nonce = match[3] + randomBytes(18).toString('base64');
        serverFirst = `r=${nonce},s=${this.verifier.salt.toString('base64')},i=${SCRAM_ITERATIONS}`;
        phase = 'sasl-final';
        socket.write(authentication(11, Buffer.from(serverFirst)));
        return;
      }
      const clientFinal = body.toString('utf8');
      const at = clientFinal.lastIndexOf(',p=');
      const withoutProof = clientFinal.slice(0, at);
      const proof = Buffer.from(clientFinal.slice(at + 3), 'base64');
      if (at < 0 || withoutProof !== `c=${Buffer.from(gs2Header).toString('base64')},r=${nonce}` || proof.length !== 32)
        return refuse();
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const signature = hmac(this.verifier.storedKey, authMessage);
      const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]));
      if (!timingSafeEqual(sha256(clientKey), this.verifier.storedKey)) return refuse();
      const serverSignature = hmac(this.verifier.serverKey, authMessage).toString('base64');
      socket.write(authentication(12, Buffer.from(`v=${serverSignature}`)));
      clearTimeout(authTimer);
      phase = 'ready';
      // PGlite answers the startup with AuthenticationOk, the parameters and ReadyForQuery.
      enqueue(startup, true);
    };

    const handle = (chunk: Buffer): void => {
      if (ending || closed) return;
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (!ending) {
        if (phase === 'startup') {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (length < 8 || length > MAX_UNAUTHENTICATED_MESSAGE) return terminate('08P01', 'invalid startup packet');
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const message = Buffer.from(buffer.subarray(0, length));
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST || code !== PROTOCOL_3) {
            socket.destroy();
            return;
          }
          startup = message;
          user = startupParameters(message).get('user') ?? '';
          phase = 'sasl-initial';
          socket.write(authentication(10, Buffer.from(`${SCRAM}\0\0`)));
          continue;
        }
        if (buffer.length < 5) return;
        const declared = buffer.readInt32BE(1);
        if (declared < 4 || (phase !== 'ready' && declared > MAX_UNAUTHENTICATED_MESSAGE)) {
          return phase === 'ready' ? terminate('08P01', 'invalid message length') : refuse();
        }
        const length = declared + 1;
        if (buffer.length < length) return;
        const type = String.fromCharCode(buffer[0]);
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        if (phase !== 'ready') {
          authenticate(type, message.subarray(5));
          continue;
        }
        if (type === 'X') {
          socket.end();
          return;
        }
        batch.push(message);
        // Sync and a simple Query end a unit of work; Flush asks for output now but the extended
        // query it belongs to continues, so the session stays with this connection until Sync.
        if (type === 'S' || type === 'Q' || type === 'H') {
          const payload = Buffer.concat(batch);
          batch = [];
          enqueue(payload, type !== 'H');
        }
      }
    };

    socket.on('data', handle);
    socket.on('error', () => socket.destroy());
    socket.on('close', cleanup);
  }
}
