// The one place RPC turns errors into Connect errors. Clients never see a stack trace or a driver
// message: unknown errors are logged and answered as `internal`.
import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import {
  createAsyncIterable,
  encodeEnvelope,
  type UniversalHandler,
  type UniversalServerRequest,
  type UniversalServerResponse,
} from '@connectrpc/connect/protocol';
import { codeToHttpStatus, errorFromJsonBytes, errorToJsonBytes } from '@connectrpc/connect/protocol-connect';
import { findTrailerError, setTrailerStatus } from '@connectrpc/connect/protocol-grpc';
import { trailerFlag, trailerParse, trailerSerialize } from '@connectrpc/connect/protocol-grpc-web';
import type { Logger } from 'pino';
import { isDomainError, type DomainErrorCode } from '../common/errors';

/** The largest request body the RPC API reads (Connect's readMaxBytes). */
export const RPC_READ_MAX_BYTES = 4 * 1024 * 1024;
const INTERNAL_MESSAGE = 'Internal error';

export function connectCodeOf(code: DomainErrorCode): Code {
  switch (code) {
    case 'NOT_FOUND':
      return Code.NotFound;
    case 'VALIDATION':
      return Code.InvalidArgument;
    case 'CONFLICT':
      return Code.AlreadyExists;
    case 'LIMIT_EXCEEDED':
      return Code.ResourceExhausted;
    case 'PRECONDITION_FAILED':
      return Code.FailedPrecondition;
    case 'UNAUTHORIZED':
      return Code.Unauthenticated;
    case 'FORBIDDEN':
      return Code.PermissionDenied;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped domain error ${String(unreachable)}`);
    }
  }
}

export function errorInterceptor(logger: Logger): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      if (isDomainError(error)) throw new ConnectError(error.message, connectCodeOf(error.code));
      if (error instanceof ConnectError) throw error;
      logger.error({ err: error, procedure: req.url }, 'rpc handler failed');
      throw new ConnectError(INTERNAL_MESSAGE, Code.Internal);
    }
  };
}

/**
 * Connect reads and decodes the request before any interceptor runs, so its own errors never reach
 * errorInterceptor: a malformed binary body came back as `internal` (HTTP 500) with the parser's
 * message, a body over the read limit as `resource_exhausted` (HTTP 429, which reads like a rate
 * limit and has no Retry-After), an unsupported content type as a bare 415. This wraps a route's
 * handler and rewrites exactly those answers, in the Connect protocol, in gRPC-web (where the
 * error travels in the trailer frame) and in gRPC (in the HTTP/2 trailers, see server/grpc-listener.ts).
 */
export function withProtocolErrors(handler: UniversalHandler, logger: Logger): UniversalHandler {
  const typeName = handler.method.input.typeName;
  const procedure = `${handler.service.typeName}/${handler.method.name}`;
  const rewrite = (error: ConnectError) => protocolErrorOf(error, typeName, procedure, logger);
  const wrapped = async (request: UniversalServerRequest): Promise<UniversalServerResponse> => {
    const response = await handler(request);
    // A client that went away (a request that timed out, a reset) gets no answer; Aborted is the
    // one error the Fastify plugin drops quietly instead of printing a failed write.
    if (request.signal.aborted) throw new ConnectError('the client closed the connection', Code.Aborted);
    if (response.status === 415) return unsupportedMediaType(request.header.get('content-type'));
    const header = new Headers(response.header);
    const contentType = header.get('content-type') ?? '';
    if (!response.body) return response;
    // Compressed answers are left alone (here and for gRPC-web frames flagged compressed): Connect
    // compresses only bodies of 1 KiB and more, which none of the rewritten errors is.
    if (response.status !== 200 && contentType.startsWith('application/json') && !header.has('content-encoding')) {
      return rewriteConnectError({ ...response, header, body: response.body }, rewrite);
    }
    if (contentType.startsWith('application/grpc-web')) {
      return { ...response, body: rewriteGrpcWebTrailer(response.body, rewrite) };
    }
    if (contentType.startsWith('application/grpc') && response.trailer) {
      return { ...response, body: rewriteGrpcTrailer(response.body, response.trailer, rewrite) };
    }
    return response;
  };
  return Object.assign(wrapped, handler);
}

interface Rewritten {
  error: ConnectError;
  /** The HTTP status in the Connect protocol, when it differs from Connect's mapping of the code. */
  status?: number;
}

function protocolErrorOf(error: ConnectError, typeName: string, procedure: string, logger: Logger): Rewritten | null {
  if (error.code === Code.Internal && error.rawMessage.startsWith('parse binary')) {
    return {
      error: new ConnectError(
        `invalid binary protobuf: the request body is not a valid ${typeName} message`,
        Code.InvalidArgument,
      ),
    };
  }
  if (error.code === Code.ResourceExhausted && error.rawMessage.includes('readMaxBytes')) {
    // 413, not Connect's 429: nothing is rate limited and no wait makes the same body acceptable.
    return {
      error: new ConnectError(
        `request body too large (max ${RPC_READ_MAX_BYTES / 1024 / 1024} MiB)`,
        Code.ResourceExhausted,
      ),
      status: 413,
    };
  }
  if (error.code === Code.Internal && error.rawMessage !== INTERNAL_MESSAGE) {
    // Any other internal error raised by Connect itself: a server fault whose message is not for clients.
    logger.error({ procedure, message: error.rawMessage }, 'rpc protocol error');
    return { error: new ConnectError(INTERNAL_MESSAGE, Code.Internal) };
  }
  return null;
}

function unsupportedMediaType(contentType: string | null): UniversalServerResponse {
  const given = contentType
    ? `unsupported content-type ${JSON.stringify(contentType.slice(0, 100))}`
    : 'no content-type';
  const error = new ConnectError(
    `${given}: send application/json or application/proto (Connect), or application/grpc-web+proto (gRPC-web)`,
    Code.InvalidArgument,
  );
  // 415 stays (the Connect protocol asks for it); the body says what to send.
  return connectErrorResponse(error, 415);
}

async function rewriteConnectError(
  response: UniversalServerResponse & { header: Headers; body: AsyncIterable<Uint8Array> },
  rewrite: (error: ConnectError) => Rewritten | null,
): Promise<UniversalServerResponse> {
  const bytes = await allBytes(response.body);
  const rewritten = rewrite(errorFromJsonBytes(bytes, undefined, new ConnectError(INTERNAL_MESSAGE, Code.Internal)));
  if (!rewritten) return { ...response, body: createAsyncIterable([bytes]) };
  const status = rewritten.status ?? codeToHttpStatus(rewritten.error.code);
  const answer = connectErrorResponse(rewritten.error, status);
  for (const [key, value] of response.header) {
    if (key !== 'content-length' && key !== 'content-type') answer.header.set(key, value);
  }
  // The body was refused unread: close the connection rather than wait for the rest of it, which
  // some clients stop sending once they have the answer (leaving the connection busy, not idle).
  if (status === 413) answer.header.set('connection', 'close');
  return answer;
}

function connectErrorResponse(error: ConnectError, status: number): UniversalServerResponse & { header: Headers } {
  const body = errorToJsonBytes(error, undefined);
  return {
    status,
    header: new Headers({ 'content-type': 'application/json', 'content-length': String(body.byteLength) }),
    body: createAsyncIterable([body]),
  };
}

/** Each chunk of a gRPC-web answer is one envelope; the last, flagged 0x80, holds the trailers. */
async function* rewriteGrpcWebTrailer(
  body: AsyncIterable<Uint8Array>,
  rewrite: (error: ConnectError) => Rewritten | null,
): AsyncIterable<Uint8Array> {
  for await (const chunk of body) {
    const error = chunk[0] === trailerFlag ? findTrailerError(trailerParse(chunk.subarray(5))) : undefined;
    const rewritten = error ? rewrite(error) : null;
    yield rewritten
      ? encodeEnvelope(trailerFlag, trailerSerialize(setTrailerStatus(new Headers(), rewritten.error)))
      : chunk;
  }
}

/**
 * gRPC's status travels in the trailers, which Connect completes when the body ends and the writer
 * sends after it: they are rewritten in place once the last chunk has passed.
 */
async function* rewriteGrpcTrailer(
  body: AsyncIterable<Uint8Array>,
  trailer: Headers,
  rewrite: (error: ConnectError) => Rewritten | null,
): AsyncIterable<Uint8Array> {
  yield* body;
  const error = findTrailerError(trailer);
  const rewritten = error ? rewrite(error) : null;
  if (rewritten) {
    trailer.delete('grpc-status-details-bin');
    setTrailerStatus(trailer, rewritten.error);
  }
  const message = trailer.get('grpc-message');
  if (message !== null) trailer.set('grpc-message', grpcPercentEncoded(message));
}

/**
 * grpc-message in the gRPC spec's percent-encoding, which escapes only '%' and bytes outside printable
 * ASCII. Connect escapes like encodeURIComponent (`:` as `%3A`), which grpc-js, decoding with
 * decodeURI, showed as is: "limit%3A must be ...".
 */
function grpcPercentEncoded(connectEncoded: string): string {
  let text: string;
  try {
    text = decodeURIComponent(connectEncoded);
  } catch {
    return connectEncoded;
  }
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    encoded +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

async function allBytes(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}
