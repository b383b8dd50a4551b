// The TLS side every probe that makes a handshake shares (HTTPS, gRPC over TLS, `tls` monitors): one
// way to connect that records the peer certificate whether or not it verifies, the verdict (chain and
// name), and what a result keeps of the certificate (CertificateInfo).
import type { X509Certificate } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import {
  connect as tlsConnect,
  createSecureContext,
  rootCertificates,
  type PeerCertificate,
  type SecureContext,
  type TLSSocket,
} from 'node:tls';
import type { CertificateInfo } from '../../checks/check-config';

const DAY_MS = 86_400_000;

const contexts = new Map<string, SecureContext>();

/**
 * One TLS context per set of extra CAs, built once: building it parses every certificate, which
 * would otherwise cost more than the handshake itself on every check. Undefined (Node's default
 * context, the system store) when there are none.
 */
export function secureContextFor(ca: string[] | undefined): SecureContext | undefined {
  if (!ca?.length) return undefined;
  const key = ca.join('\n');
  let context = contexts.get(key);
  if (!context) {
    context = createSecureContext({ ca: [...rootCertificates, ...ca] });
    contexts.set(key, context);
  }
  return context;
}

/** OpenSSL's words for the verification failures a check meets, for codes Node reports bare. */
const VERIFY_MESSAGES: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in certificate chain',
  UNABLE_TO_GET_ISSUER_CERT: 'unable to get issuer certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unable to get local issuer certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
  CERT_SIGNATURE_FAILURE: 'certificate signature failure',
  CERT_REVOKED: 'certificate revoked',
  CERT_UNTRUSTED: 'certificate not trusted',
  CERT_REJECTED: 'certificate rejected',
  INVALID_CA: 'invalid CA certificate',
  INVALID_PURPOSE: 'unsupported certificate purpose',
  PATH_LENGTH_EXCEEDED: 'path length constraint exceeded',
  ERROR_IN_CERT_NOT_BEFORE_FIELD: "format error in certificate's notBefore field",
  ERROR_IN_CERT_NOT_AFTER_FIELD: "format error in certificate's notAfter field",
  UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY: 'unable to decode issuer public key',
};

/** What a handshake left behind: the peer's certificate (read once) and a failed name check. */
interface HandshakeState {
  /** Undefined until read; null when the peer sent none. */
  x509?: X509Certificate | null;
  nameError?: NameError;
}

type NameError = Error & { code: string };

const handshakes = new WeakMap<TLSSocket, HandshakeState>();

function stateOf(socket: TLSSocket): HandshakeState {
  let state = handshakes.get(socket);
  if (!state) {
    state = {};
    handshakes.set(socket, state);
  }
  return state;
}

/**
 * The peer's certificate as an X509Certificate, read from the socket once: Node 20 answers
 * getPeerX509Certificate() only the first time it is asked on a socket.
 */
function peerX509(socket: TLSSocket): X509Certificate | null {
  const state = stateOf(socket);
  if (state.x509 === undefined) state.x509 = socket.getPeerX509Certificate() ?? null;
  return state.x509;
}

/**
 * The certificate's name check (RFC 6125, as Node's checkServerIdentity: a DNS name against the
 * dNSName SANs, the subject CN only when there are none, a wildcard only as the whole leftmost
 * label; an address against the iPAddress SANs), done on the X509 handle.
 */
function nameProblem(x509: X509Certificate | null, name: string): NameError | undefined {
  if (!x509) return Object.assign(new Error('the server sent no certificate'), { code: 'ERR_TLS_NO_CERTIFICATE' });
  const matches = isIP(name)
    ? x509.checkIP(name) !== undefined
    : x509.checkHost(name, { partialWildcards: false, multiLabelWildcards: false }) !== undefined;
  if (matches) return undefined;
  return Object.assign(
    new Error(`the certificate is not valid for ${name} (${x509.subjectAltName ?? x509.subject.replace(/\n/g, ', ')})`),
    { code: 'ERR_TLS_CERT_ALTNAME_INVALID' },
  );
}

/** Handed to Node's name check in place of the certificate it would copy (see connectTls). */
const UNREAD = {} as PeerCertificate;
function unread(): PeerCertificate {
  return UNREAD;
}

export interface TlsTarget {
  /** The address to dial; omitted when upgrading `socket`. */
  host?: string;
  port?: number;
  /** An open connection to upgrade (STARTTLS, or a connection grpc-js dialed). */
  socket?: Socket;
  /** SNI; none for an address. */
  servername?: string;
  /** The name the certificate must match: the server name, else the address dialed. */
  identity: string;
  secureContext?: SecureContext;
  ALPNProtocols?: string[];
}

/**
 * A TLS connection that completes whatever the certificate, so the certificate can be recorded even
 * when it does not verify: the caller reads the verdict (certificateOf) and decides, by the monitor's
 * tls_verify, whether the check goes on. The chain is verified against the trusted CAs as usual, the
 * name by nameProblem.
 */
export function connectTls(target: TlsTarget): TLSSocket {
  const { identity, ...options } = target;
  const socket: TLSSocket = tlsConnect({
    ...options,
    rejectUnauthorized: false,
    checkServerIdentity: () => {
      const problem = nameProblem(peerX509(socket), identity);
      if (problem) stateOf(socket).nameError = problem;
      return problem;
    },
  });
  // Before calling checkServerIdentity, Node copies the whole chain into JS objects
  // (getPeerCertificate(true)) to hand it over; ours reads the X509 handle instead, so the copy is
  // skipped: it was a quarter of a fresh check's CPU. The socket's own method is back once the
  // handshake is over.
  socket.getPeerCertificate = unread as TLSSocket['getPeerCertificate'];
  socket.once('secureConnect', () => delete (socket as { getPeerCertificate?: unknown }).getPeerCertificate);
  return socket;
}

/** The facts of a certificate that do not change from check to check. */
type CertificateFacts = Omit<CertificateInfo, 'daysLeft' | 'verified' | 'verificationError'> & { notAfterMs: number };

/**
 * Facts by SHA-256 fingerprint: a target presents the same certificate at every check, so its fields
 * are read and their dates parsed once. Bounded; the oldest entry goes first.
 */
const facts = new Map<string, CertificateFacts>();
export const CERTIFICATE_CACHE_SIZE = 1024;

function factsOf(x509: X509Certificate): CertificateFacts {
  const key = x509.fingerprint256;
  let known = facts.get(key);
  if (!known) {
    const notAfter = new Date(x509.validTo);
    known = {
      subject: x509.subject.replace(/\n/g, ', '),
      sans: x509.subjectAltName ? x509.subjectAltName.split(', ') : [],
      issuer: x509.issuer.replace(/\n/g, ', '),
      serial: x509.serialNumber.toUpperCase(),
      notBefore: new Date(x509.validFrom).toISOString(),
      notAfter: notAfter.toISOString(),
      notAfterMs: notAfter.getTime(),
    };
    if (facts.size >= CERTIFICATE_CACHE_SIZE) facts.delete(facts.keys().next().value as string);
    facts.set(key, known);
  }
  return known;
}

/** `CODE: what it means`, as CertificateInfo.verificationError shows it. */
function describeVerification(socket: TLSSocket): string | null {
  if (socket.authorized) return null;
  const name = stateOf(socket).nameError;
  if (name) return `${name.code}: ${name.message}`;
  const code = String(socket.authorizationError ?? 'UNKNOWN');
  const meaning = VERIFY_MESSAGES[code];
  return meaning ? `${code}: ${meaning}` : code;
}

/**
 * The leaf certificate of a completed handshake and its verdict; null when the server sent none.
 * `now` is the check's clock, for the days left.
 */
export function certificateOf(socket: TLSSocket, now = Date.now()): CertificateInfo | null {
  const x509 = peerX509(socket);
  if (!x509) return null;
  const { notAfterMs, ...fixed } = factsOf(x509);
  const verificationError = describeVerification(socket);
  return {
    ...fixed,
    daysLeft: Math.floor((notAfterMs - now) / DAY_MS),
    verified: verificationError === null,
    verificationError,
  };
}

/** A check that stopped because the certificate did not verify (tls_verify is on); it keeps the certificate. */
export class CertificateRejectedError extends Error {
  readonly code = 'ERR_TLS_CERT_REJECTED';
  constructor(
    readonly certificate: CertificateInfo | null,
    reason: string,
  ) {
    super(`TLS certificate not verified: ${reason}`);
    this.name = 'CertificateRejectedError';
  }
}

/**
 * The verdict a probe acts on after the handshake: the certificate, and the error to stop with when
 * tls_verify is on and it did not verify (chain or name).
 */
export function judgeCertificate(
  socket: TLSSocket,
  verify: boolean,
): { certificate: CertificateInfo | null; rejection: CertificateRejectedError | null } {
  const certificate = certificateOf(socket);
  const reason = certificate ? certificate.verificationError : describeVerification(socket);
  return {
    certificate,
    rejection: verify && reason ? new CertificateRejectedError(certificate, reason) : null,
  };
}
