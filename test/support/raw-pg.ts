// A minimal PostgreSQL wire-protocol client that sends exactly the messages a test chooses, when it
// chooses, to test how the embedded wire server orders work from several connections and how it
// authenticates (its SCRAM-SHA-256 is written here from RFC 5802/7677, apart from the server's).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstr = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

export const wire = {
  parse: (sql: string) => message('P', Buffer.concat([cstr(''), cstr(sql), int16(0)])),
  bind: () => message('B', Buffer.concat([cstr(''), cstr(''), int16(0), int16(0), int16(0)])),
  execute: () => message('E', Buffer.concat([cstr(''), int32(0)])),
  sync: () => message('S', Buffer.alloc(0)),
  flush: () => message('H', Buffer.alloc(0)),
  query: (sql: string) => message('Q', cstr(sql)),
  /** A PasswordMessage (cleartext, or a SASL response: both are type 'p'). */
  password: (text: string) => message('p', cstr(text)),
};

/** The port and password of a postgres:// URL. */
export function endpoint(url: string): { port: number; password: string } {
  const parsed = new URL(url);
  return { port: Number(parsed.port), password: decodeURIComponent(parsed.password) };
}

const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export class RawPgClient {
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  readonly rows: string[] = [];
  readonly errors: string[] = [];
  /** SQLSTATE of every ErrorResponse, in order. */
  readonly errorCodes: string[] = [];
  /** Type letters of every message received, in order. */
  readonly received: string[] = [];
  /** Codes of the Authentication ('R') messages received, in order. */
  readonly authentications: number[] = [];
  /** Resolves when the server has closed the connection. */
  readonly closed: Promise<void>;
  private ready = 0;
  private onAuthentication: ((code: number, data: Buffer) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
  }

  /** Connects and sends the startup message, then leaves the conversation to the caller. */
  static async open(port: number): Promise<RawPgClient> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const client = new RawPgClient(socket);
    const params = Buffer.concat([
      cstr('user'),
      cstr('postgres'),
      cstr('database'),
      cstr('postgres'),
      Buffer.from([0]),
    ]);
    socket.write(Buffer.concat([int32(params.length + 8), int32(196608), params]));
    return client;
  }

  /** Connects and authenticates with SCRAM-SHA-256; resolves at the first ReadyForQuery. */
  static async connect(port: number, password: string): Promise<RawPgClient> {
    const client = await RawPgClient.open(port);
    const clientNonce = randomBytes(18).toString('base64');
    const clientFirstBare = `n=*,r=${clientNonce}`;
    client.onAuthentication = (code, data) => {
      if (code === 10) {
        const first = Buffer.from(`n,,${clientFirstBare}`);
        client.send(message('p', Buffer.concat([cstr('SCRAM-SHA-256'), int32(first.length), first])));
      } else if (code === 11) {
        const serverFirst = data.toString();
        const fields = Object.fromEntries(serverFirst.split(',').map((f) => [f[0], f.slice(2)]));
        const salted = pbkdf2Sync(password, Buffer.from(fields.s, 'base64'), Number(fields.i), 32, 'sha256');
        const clientKey = hmac(salted, 'Client Key');
        const storedKey = createHash('sha256').update(clientKey).digest();
        const withoutProof = `c=biws,r=${fields.r}`;
        const signature = hmac(storedKey, `${clientFirstBare},${serverFirst},${withoutProof}`);
        const proof = Buffer.from(clientKey.map((byte, i) => byte ^ signature[i])).toString('base64');
        client.send(message('p', Buffer.from(`${withoutProof},p=${proof}`)));
      }
    };
    await Promise.race([
      client.untilReady(1),
      client.closed.then(() => {
        throw new Error(`connection closed during authentication: ${client.errors.join('; ')}`);
      }),
    ]);
    return client;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** Resolves once `count` ReadyForQuery messages have arrived in total. */
  untilReady(count: number): Promise<void> {
    return this.until(() => this.ready >= count);
  }

  /** Resolves once `count` messages of this type have arrived in total. */
  untilReceived(type: string, count = 1): Promise<void> {
    return this.until(() => this.received.filter((t) => t === type).length >= count);
  }

  private until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(() => done() && resolve()));
  }

  get readyCount(): number {
    return this.ready;
  }

  end(): void {
    this.socket.destroy();
  }

  private drain(): void {
    while (this.buffer.length >= 5) {
      const length = this.buffer.readInt32BE(1) + 1;
      if (this.buffer.length < length) return;
      const type = String.fromCharCode(this.buffer[0]);
      const body = this.buffer.subarray(5, length);
      this.buffer = this.buffer.subarray(length);
      this.received.push(type);
      if (type === 'D') {
        const size = body.readInt32BE(2);
        this.rows.push(body.subarray(6, 6 + size).toString('utf8'));
      } else if (type === 'E') {
        this.errors.push(body.toString('utf8'));
        const code = body
          .toString('utf8')
          .split('\0')
          .find((field) => field.startsWith('C'));
        this.errorCodes.push(code ? code.slice(1) : '');
      } else if (type === 'R') {
        const code = body.readInt32BE(0);
        this.authentications.push(code);
        this.onAuthentication?.(code, body.subarray(4));
      } else if (type === 'Z') {
        this.ready += 1;
      }
      for (const wake of this.waiters) wake();
    }
  }
}
