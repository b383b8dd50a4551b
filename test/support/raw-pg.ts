// A minimal PostgreSQL wire-protocol client that sends exactly the messages a test chooses, when it
// chooses, to test how the embedded wire server orders work from several connections.
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
};

export class RawPgClient {
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  readonly rows: string[] = [];
  readonly errors: string[] = [];
  private ready = 0;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
  }

  static async connect(port: number): Promise<RawPgClient> {
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
    await client.untilReady(1);
    return client;
  }

  send(...messages: Buffer[]): void {
    this.socket.write(Buffer.concat(messages));
  }

  /** Resolves once `count` ReadyForQuery messages have arrived in total. */
  untilReady(count: number): Promise<void> {
    if (this.ready >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(() => this.ready >= count && resolve()));
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
      if (type === 'D') {
        const size = body.readInt32BE(2);
        this.rows.push(body.subarray(6, 6 + size).toString('utf8'));
      } else if (type === 'E') {
        this.errors.push(body.toString('utf8'));
      } else if (type === 'Z') {
        this.ready += 1;
        for (const wake of this.waiters) wake();
      }
    }
  }
}
