// A real SMTP server on 127.0.0.1 (smtp-server) that keeps every message it accepts, for tests of
// e-mail dispatch. A message is stored before the server answers 250, so once the sender's promise
// resolved, the message is in `messages`. Plain SMTP with AUTH PLAIN/LOGIN; STARTTLS only when started
// with a certificate (`tls`), for checks of the upgrade.
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses, lowercased. */
  to: string[];
  from: string;
  /** Header names lowercased; folded lines unfolded; encoded words decoded. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  /** `smtp://user:pass@127.0.0.1:<port>` */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** RCPT TO of these addresses is refused with 550. */
  rejectRecipients: Set<string>;
  /** Messages to this address. */
  to(address: string): ReceivedMail[];
  clear(): void;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-test-password-7f3a';

export async function startSmtp(options: { tls?: { key: string; cert: string } } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const rejectRecipients = new Set<string>();
  const server = new SMTPServer({
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : { disabledCommands: ['STARTTLS'] }),
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.has(address.address.toLowerCase())) {
        const error = new Error(`mailbox ${address.address} unavailable`) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    port,
    messages,
    rejectRecipients,
    to: (addr) => messages.filter((m) => m.to.includes(addr.toLowerCase())),
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it: an SMTP relay that is down. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// A small MIME reader, enough for what nodemailer writes: headers, one level of multipart, and the
// 7bit, quoted-printable and base64 transfer encodings.

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return at < 0 ? { head: raw, body: '' } : { head: raw.slice(0, at), body: raw.slice(at + 4) };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function parseMessage(raw: string): { headers: Map<string, string>; subject: string; text: string; html: string } {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts: Array<{ type: string; content: string }> = [];
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r\n/, ''));
      const partHeaders = parseHeaders(part.head);
      parts.push({
        type: (partHeaders.get('content-type') ?? 'text/plain').toLowerCase(),
        content: decodeBody(part.body.replace(/\r\n$/, ''), partHeaders),
      });
    }
  } else {
    parts.push({ type: type.toLowerCase(), content: decodeBody(body, headers) });
  }
  return {
    headers,
    subject: headers.get('subject') ?? '',
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

/** The mails that reached `address`, once there are at least `count` of them (within 5 s). */
export async function mailsTo(smtp: TestSmtp, address: string, count = 1): Promise<ReceivedMail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = smtp.to(address);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail reached ${address}`);
}

/** The first mail that reached `address` (within 5 s). */
export async function mailTo(smtp: TestSmtp, address: string): Promise<ReceivedMail> {
  return (await mailsTo(smtp, address))[0];
}

/** The `…<path>?token=…` link in a mail's text. */
export function tokenLink(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=[\\w.%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in ${mail.text}`);
  return match[0];
}
