// TLS checks of endpoints that are not HTTP (`host:port`): connect, optionally upgrade with SMTP
// STARTTLS, make the handshake with SNI, and record the certificate and its verdict. Up while the
// certificate verifies (or tls_verify is off); the phases are DNS, TCP connect and the handshake.
import { connect as netConnect, isIP, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { StarttlsProtocol, TlsConfig } from '../../checks/check-config';
import type { ProbeErrorKind, ProbeResult } from '../../checks/check-types';
import type { MonitorView } from '../../monitors/monitor.view';
import { elapsed, emptyResult, statusOf, type Probe, type ProbeContext } from '../probe';
import { CertificateRejectedError, connectTls, judgeCertificate, secureContextFor } from './certificate';
import { resolveTarget, splitHostPort } from './target';

/** A refusal of the check with its error kind (an SMTP answer out of turn is `protocol`). */
class ProbeFailure extends Error {
  constructor(
    readonly kind: ProbeErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The name the SMTP client gives in EHLO; it says nothing about the checking host. */
const EHLO_NAME = 'localhost';
/** Bytes of SMTP replies read before the upgrade; a server that sends more is not speaking SMTP. */
const SMTP_REPLY_CAP = 64 * 1024;

/** One SMTP reply (RFC 5321 §4.2): its code and its lines, multi-line replies joined. */
interface SmtpReply {
  code: number;
  lines: string[];
}

/**
 * Reads whole SMTP replies from a plain connection, one at a time, until detached (the connection
 * then belongs to TLS: no data listener may remain on it).
 */
function smtpReader(socket: Socket): { next(): Promise<SmtpReply>; detach(): void } {
  let buffered = '';
  let waiting: { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;

  const take = (): SmtpReply | null => {
    const lines: string[] = [];
    let at = 0;
    for (;;) {
      const end = buffered.indexOf('\r\n', at);
      if (end < 0) return null;
      const line = buffered.slice(at, end);
      at = end + 2;
      lines.push(line.slice(4));
      if (!/^\d{3}[ -]/.test(line) && !/^\d{3}$/.test(line)) {
        failure ??= new ProbeFailure('protocol', `SMTP: not an SMTP reply: ${JSON.stringify(line.slice(0, 80))}`);
        return null;
      }
      if (line[3] !== '-') {
        buffered = buffered.slice(at);
        return { code: Number(line.slice(0, 3)), lines };
      }
    }
  };
  const settle = () => {
    if (!waiting) return;
    const reply = take();
    if (failure) waiting.reject(failure);
    else if (reply) waiting.resolve(reply);
    else return;
    waiting = null;
  };
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    if (buffered.length > SMTP_REPLY_CAP)
      failure ??= new ProbeFailure('protocol', `SMTP: a reply longer than ${SMTP_REPLY_CAP} bytes`);
    settle();
  };
  const onEnd = () => {
    failure ??= new ProbeFailure('protocol', 'SMTP: the server closed the connection');
    settle();
  };
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('close', onEnd);
  return {
    next: () =>
      new Promise<SmtpReply>((resolve, reject) => {
        waiting = { resolve, reject };
        settle();
      }),
    detach: () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.pause();
    },
  };
}

function expectCode(reply: SmtpReply, code: number, step: string): void {
  if (reply.code !== code)
    throw new ProbeFailure(
      'protocol',
      `SMTP: expected ${code} to ${step}, got ${reply.code} ${reply.lines.join(' ').slice(0, 200)}`.trim(),
    );
}

/** The SMTP dialogue up to the TLS upgrade: greeting, EHLO (which must offer STARTTLS), STARTTLS. */
async function smtpStarttls(socket: Socket): Promise<void> {
  const reader = smtpReader(socket);
  try {
    expectCode(await reader.next(), 220, 'the greeting');
    socket.write(`EHLO ${EHLO_NAME}\r\n`);
    const ehlo = await reader.next();
    expectCode(ehlo, 250, 'EHLO');
    if (!ehlo.lines.some((line) => /^STARTTLS\b/i.test(line)))
      throw new ProbeFailure('protocol', 'SMTP: the server does not offer STARTTLS');
    socket.write('STARTTLS\r\n');
    expectCode(await reader.next(), 220, 'STARTTLS');
  } finally {
    reader.detach();
  }
}

const upgrades: Record<StarttlsProtocol, ((socket: Socket) => Promise<void>) | null> = {
  none: null,
  smtp: smtpStarttls,
};

/**
 * Settles once `socket` emitted `event` (or failed). The error listener stays: a later error (the
 * deadline destroying the socket) is then dropped rather than thrown, and the caller's next step or
 * its clean-up sees the socket closed.
 */
function settled(socket: Socket, event: 'connect' | 'secureConnect'): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => resolve());
    socket.on('error', reject);
    socket.once('close', () => reject(new Error('the connection closed')));
  });
}

function failure(error: unknown, signal: AbortSignal, target: string): { kind: ProbeErrorKind; message: string } {
  if (signal.aborted) return { kind: 'timeout', message: 'the TLS check did not finish within its timeout' };
  if (error instanceof ProbeFailure || error instanceof CertificateRejectedError)
    return { kind: error instanceof ProbeFailure ? error.kind : 'tls', message: error.message };
  const e = error as NodeJS.ErrnoException;
  const code = e?.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT')
    return { kind: 'connect', message: `connection to ${target} failed: ${code}` };
  return { kind: 'tls', message: `TLS handshake failed: ${e?.message ?? String(error)}` };
}

export class TlsProbe implements Probe {
  readonly kind = 'tls' as const;

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const config: TlsConfig = monitor.tls ?? { servername: '', starttls: 'none' };
    const verify = monitor.tlsVerify ?? true;
    const { host, port } = splitHostPort(monitor.uri ?? '');
    const started = performance.now();
    const address = await resolveTarget(host, ctx, result, started);
    if (address === null) return result;
    const dns = elapsed(started);
    const servername = config.servername || (isIP(host) ? undefined : host);
    let socket: Socket | undefined;
    let tls: TLSSocket | undefined;
    const onAbort = () => {
      tls?.destroy();
      socket?.destroy();
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const connectStart = performance.now();
      socket = netConnect({ host: address, port, signal: ctx.signal });
      socket.setNoDelay(true);
      await settled(socket, 'connect');
      const connect = elapsed(connectStart);
      await upgrades[config.starttls]?.(socket);
      const tlsStart = performance.now();
      tls = connectTls({
        socket,
        servername,
        identity: servername ?? address,
        secureContext: secureContextFor(ctx.ca),
      });
      await settled(tls, 'secureConnect');
      result.timings = { dns, connect, tls: elapsed(tlsStart) };
      result.latencyMs = elapsed(started);
      const verdict = judgeCertificate(tls, verify);
      result.details = { certificate: verdict.certificate };
      if (verdict.rejection) {
        result.error = failure(verdict.rejection, ctx.signal, monitor.uri ?? '');
        return result;
      }
      result.status = statusOf([], result.latencyMs, monitor.degradedAt);
    } catch (error) {
      result.latencyMs = elapsed(started);
      result.error = failure(error, ctx.signal, `${host}:${port}`);
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      tls?.destroy();
      socket?.destroy();
    }
    return result;
  }
}
