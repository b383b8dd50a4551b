// Serves one embedded PGlite database to ordinary PostgreSQL clients (node-postgres, psql) over a
// loopback TCP socket, so the embedded mode uses the same driver, SQL and migrations as a real server.
//
// PGlite is a single backend session. Several client connections share it safely because:
// - messages are forwarded in whole protocol batches (up to Sync or a simple Query), so the
//   Parse/Bind/Execute of one connection is never interleaved with another connection's;
// - a connection that leaves the session inside a transaction block keeps the session until the
//   transaction ends, and other connections wait; a connection that dies mid-transaction is rolled
//   back before anyone else runs.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

/** Whole-session lock with an owner, so a transaction stays with the connection that opened it. */
class SessionLock {
  private owner: number | null = null;
  private readonly waiters: Array<{ id: number; wake: () => void }> = [];

  async acquire(id: number): Promise<void> {
    if (this.owner === null || this.owner === id) {
      this.owner = id;
      return;
    }
    await new Promise<void>((wake) => this.waiters.push({ id, wake }));
  }

  release(id: number): void {
    if (this.owner !== id) return;
    const next = this.waiters.shift();
    this.owner = next ? next.id : null;
    next?.wake();
  }

  forget(id: number): void {
    const index = this.waiters.findIndex((w) => w.id === id);
    if (index >= 0) this.waiters.splice(index, 1);
  }
}

export interface PgliteWireServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

export class PgliteWireServer {
  private server: Server | null = null;
  private readonly lock = new SessionLock();
  private readonly sockets = new Set<Socket>();
  private nextId = 1;
  private stopped = false;

  constructor(private readonly db: PGlite) {}

  async listen(options: PgliteWireServerOptions = {}): Promise<AddressInfo> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server.address() as AddressInfo;
  }

  async close(): Promise<void> {
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
    let started = false;
    let batch: Buffer[] = [];
    let chain = Promise.resolve();
    let closed = false;

    const run = (payload: Buffer, endsSync: boolean): Promise<void> =>
      this.lock.acquire(id).then(async () => {
        try {
          if (closed || this.stopped) return;
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(new Uint8Array(payload), {
              onRawData: (data) => {
                if (!socket.destroyed) socket.write(data);
              },
            }),
          );
        } finally {
          if (closed || (endsSync && !this.db.isInTransaction())) this.lock.release(id);
        }
      });

    const cleanup = (): void => {
      if (closed) return;
      closed = true;
      this.sockets.delete(socket);
      this.lock.forget(id);
      chain = chain.then(async () => {
        if (this.stopped || this.db.closed) return;
        // The connection may own the session mid-transaction: roll back before anyone else runs.
        await this.lock.acquire(id);
        try {
          if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
        } finally {
          this.lock.release(id);
        }
      });
    };

    const handle = (chunk: Buffer): void => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST || code !== PROTOCOL_3) {
            socket.destroy();
            return;
          }
          started = true;
          const startup = Buffer.from(message);
          chain = chain.then(() => run(startup, true));
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1) + 1;
        if (buffer.length < length) return;
        const type = String.fromCharCode(buffer[0]);
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
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
          const endsSync = type !== 'H';
          chain = chain
            .then(() => run(payload, endsSync))
            .catch(() => {
              socket.destroy();
            });
        }
      }
    };

    socket.on('data', handle);
    socket.on('error', () => socket.destroy());
    socket.on('close', cleanup);
  }
}
