// The one place MCP turns errors into answers (SPEC §7): domain errors a caller fixes by changing
// its input are tool results with isError; the others are JSON-RPC errors. One exhaustive switch, as
// in rpc/rpc-errors.ts, so a new domain error fails to compile here instead of becoming -32603.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DomainError, DomainErrorCode } from '../common/errors';

/** JSON-RPC error codes of the endpoint: the standard ones and the two of the service. */
export const MCP_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
  /** Our own: a transport-level refusal the SDK names -32000 (406, 405, 415). */
  server: -32000,
  unauthorized: -32001,
  forbidden: -32003,
} as const;

/**
 * A JSON-RPC error whose message is sent as it is. The SDK's McpError puts `MCP error <code>: ` in
 * front of its message, and the SDK client adds it again when it reads the answer, so callers read
 * `MCP error -32602: MCP error -32602: …`; the SDK sends any error with a numeric `code` as that code
 * and its `message`, so this class carries both without the prefix.
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export type McpErrorForm = { form: 'tool_error' } | { form: 'json_rpc'; code: number };

export function mcpErrorFormOf(code: DomainErrorCode): McpErrorForm {
  switch (code) {
    case 'NOT_FOUND':
    case 'VALIDATION':
    case 'CONFLICT':
    case 'LIMIT_EXCEEDED':
    case 'PRECONDITION_FAILED':
      return { form: 'tool_error' };
    case 'UNAUTHORIZED':
      return { form: 'json_rpc', code: MCP_ERROR.unauthorized };
    case 'FORBIDDEN':
      return { form: 'json_rpc', code: MCP_ERROR.forbidden };
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped domain error ${String(unreachable)}`);
    }
  }
}

/** A domain error as MCP answers it: a tool result, or a thrown JsonRpcError. */
export function answerDomainError(error: DomainError): CallToolResult {
  const form = mcpErrorFormOf(error.code);
  if (form.form === 'json_rpc') throw new JsonRpcError(form.code, error.message);
  return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
}

/** A JSON-RPC error answer outside any request (parse errors, transport refusals): id null. */
export function jsonRpcErrorBody(code: number, message: string) {
  return { jsonrpc: '2.0' as const, error: { code, message }, id: null };
}
