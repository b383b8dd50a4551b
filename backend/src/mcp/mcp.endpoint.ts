// `{base_url}/mcp`: the MCP server for AI assistants (SPEC §4.1-4.3, §5, §7). Stateless Streamable
// HTTP: every POST gets its own server and transport (no session id), built for the caller's
// credential, so tools/list shows exactly the tools that credential may call. GET and DELETE answer
// 405: a stateless server offers no stream to open and no session to end.
//
// JSON-RPC error codes: -32700 parse error (a body that is not JSON, HTTP 400) and -32600 invalid
// request, -32602 invalid params (unknown tool, unknown argument, input that fails the tool's schema),
// -32001 unauthorized, -32003 forbidden (a tool the credential's scope or plan does not allow, a verb
// refusing the credential), -32603 internal error. Domain errors are mapped in mcp-errors.ts.
import { Inject, Injectable } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { API_KEY_HEADER, credentialOf } from '../auth/credential';
import type { ServiceContext } from '../common/context';
import { isDomainError, UnauthorizedError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { mcpBrowserOrigins } from '../http/cors';
import { BODY_LIMIT_BYTES } from '../http/body-limit';
import { OAuthAccessTokenVerifier } from '../oauth/access-token.verifier';
import { buildOpenApi } from '../openapi/openapi';
import { RPC_PREFIX, RpcServer } from '../rpc/rpc.server';
import { hasFeature } from '../plans/plans';
import { acceptedAnswer, ACCEPT_BOTH, replaceAccept } from './mcp-accept';
import { answerDomainError, JsonRpcError, jsonRpcErrorBody, MCP_ERROR } from './mcp-errors';
import { McpTools, type McpTool } from './tools';
import { CONTENT_INDEX, type ContentIndex } from './ports';

export const MCP_PATH = '/mcp';
export const MCP_SERVER_NAME = 'uptime-service';
export const MCP_SERVER_VERSION = '0.1.0';
export const RESOURCE_TIMEOUT_MS = 5000;

const toolsCallParams = z.object(
  {
    name: z.string({ error: 'must be the name of a tool (a string)' }),
    arguments: z
      .record(z.string(), z.unknown(), { error: "must be an object of the tool's named arguments" })
      .optional(),
  },
  { error: 'must be an object with the tool name and its arguments, e.g. {"name": "list_monitors", "arguments": {}}' },
);

/**
 * The schema the SDK checks a request against before our handler runs. Given the SDK's own request
 * schema, a request without params or with junk in them (`arguments: true`, `params: {}` on
 * resources/read) failed that parse and was answered -32603 with zod's raw output. This schema
 * accepts any params and then checks them itself (first with `friendly`, whose messages say what to
 * send, then with the SDK's schema), throwing a JsonRpcError: an error thrown in a refinement propagates
 * out of the parse, and the SDK answers it with its code (-32602) and message.
 */
function checkedRequest<M extends string>(method: M, sdkSchema: z.ZodType, friendly?: z.ZodType) {
  return z.object({ method: z.literal(method), params: z.unknown().optional() }).superRefine((request) => {
    const ours = friendly?.safeParse(request.params);
    const sdk = !ours || ours.success ? sdkSchema.safeParse(request) : null;
    const issues =
      ours && !ours.success
        ? ours.error.issues.map((i) => ({ path: ['params', ...i.path], message: i.message }))
        : sdk && !sdk.success
          ? sdk.error.issues
          : [];
    if (!issues.length) return;
    const readable = issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ');
    throw new JsonRpcError(MCP_ERROR.invalidParams, `Invalid ${method} request: ${readable}`);
  });
}

const ToolsCallRequest = checkedRequest('tools/call', CallToolRequestSchema, toolsCallParams);
const ReadResourceRequest = checkedRequest(
  'resources/read',
  ReadResourceRequestSchema,
  z.object(
    { uri: z.string({ error: 'must be the URI of a resource (a string)' }) },
    { error: 'must be an object with the resource uri, e.g. {"uri": "<a uri from resources/list>"}' },
  ),
);
const ListToolsRequest = checkedRequest('tools/list', ListToolsRequestSchema);
/** Each Server would build its own Ajv (a tenth of a request's time); one serves them all. */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();
const ListResourcesRequest = checkedRequest('resources/list', ListResourcesRequestSchema);

interface Resource {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: string;
  read(): string | Promise<string>;
}

@Injectable()
export class McpEndpoint {
  private openapi: string | null = null;
  private browserOrigins: Set<string> | null = null;
  private readonly listings = new Map<string, Tool[]>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ApiKeysService) private readonly apiKeys: ApiKeysService,
    @Inject(OAuthAccessTokenVerifier) private readonly tokens: OAuthAccessTokenVerifier,
    @Inject(McpTools) private readonly tools: McpTools,
    @Inject(RpcServer) private readonly rpc: RpcServer,
    @Inject(CONTENT_INDEX) private readonly content: ContentIndex,
  ) {}

  register(app: NestFastifyApplication): void {
    const fastify = app.getHttpAdapter().getInstance();
    fastify.post(
      MCP_PATH,
      {
        errorHandler: (error: FastifyError, _request, reply) => {
          void this.failed(error, reply);
        },
      },
      (request, reply) => this.post(request, reply),
    );
    const noStream = (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send(jsonRpcErrorBody(MCP_ERROR.server, 'Method not allowed: this MCP server is stateless; use POST'));
    fastify.get(MCP_PATH, noStream);
    fastify.delete(MCP_PATH, noStream);
  }

  /** Where clients learn how to get a token (RFC 9728). */
  get resourceMetadataUrl(): string {
    return `${this.config.oauthIssuer}/.well-known/oauth-protected-resource${MCP_PATH}`;
  }

  /**
   * Errors before the handler runs (the body parser) or out of it, as JSON-RPC errors with id null
   * rather than the service's HTTP error envelope, which an MCP client cannot read: a body that is
   * not JSON is a parse error (-32700, HTTP 400).
   */
  private async failed(error: FastifyError, reply: FastifyReply): Promise<void> {
    const status = error.statusCode ?? 500;
    if (status === 400 && (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError)) {
      await reply.code(400).send(jsonRpcErrorBody(MCP_ERROR.parseError, `Parse error: ${error.message}`));
      return;
    }
    if (status === 413) {
      const message = `Request body too large (max ${BODY_LIMIT_BYTES / 1024 / 1024} MiB)`;
      await reply.code(413).send(jsonRpcErrorBody(MCP_ERROR.invalidRequest, message));
      return;
    }
    if (status === 415) {
      const message = `Unsupported Content-Type: send the JSON-RPC message as application/json`;
      await reply.code(415).send(jsonRpcErrorBody(MCP_ERROR.invalidRequest, message));
      return;
    }
    if (status >= 400 && status < 500) {
      await reply.code(status).send(jsonRpcErrorBody(MCP_ERROR.invalidRequest, error.message));
      return;
    }
    this.logger.error({ err: error }, 'mcp request failed');
    await reply.code(500).send(jsonRpcErrorBody(MCP_ERROR.internal, 'Internal error'));
  }

  /** The same list the CORS preflight answers from (http/cors.ts), so a page it lets through is served. */
  private allowedOrigin(origin: string | undefined): boolean {
    if (!origin) return true;
    this.browserOrigins ??= mcpBrowserOrigins(this.config);
    return this.browserOrigins.has(origin);
  }

  /**
   * The caller's context; the API key wins when both credentials are sent (SPEC §5). The credential
   * is read by auth/credential.ts, the same reader the rate limit counts with.
   */
  async authenticate(request: FastifyRequest): Promise<ServiceContext | null> {
    const credential = credentialOf(request);
    if (!credential) return null;
    return credential.kind === 'api_key'
      ? this.apiKeys.authenticate(credential.token, 'mcp')
      : this.tokens.verify(credential.token, 'mcp');
  }

  private async post(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!this.allowedOrigin(request.headers.origin)) {
      await reply
        .code(403)
        .send(jsonRpcErrorBody(MCP_ERROR.forbidden, `Origin ${request.headers.origin} is not allowed`));
      return;
    }
    let ctx: ServiceContext | null;
    try {
      ctx = await this.authenticate(request);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      await reply
        .code(401)
        .header(
          'www-authenticate',
          `Bearer error="invalid_token", error_description="${error.message}", resource_metadata="${this.resourceMetadataUrl}", scope="${SCOPES}"`,
        )
        .send(jsonRpcErrorBody(MCP_ERROR.unauthorized, error.message));
      return;
    }
    if (!ctx) {
      await reply
        .code(401)
        .header('www-authenticate', `Bearer resource_metadata="${this.resourceMetadataUrl}", scope="${SCOPES}"`)
        .send(
          jsonRpcErrorBody(
            MCP_ERROR.unauthorized,
            `Authentication required: send ${API_KEY_HEADER}: <API key> or Authorization: Bearer <API key or access token>`,
          ),
        );
      return;
    }
    // Be liberal in what is accepted: the SDK transport wants both JSON and SSE listed, and answered
    // `Accept: */*` or `application/json` alone with 406. Any Accept that allows JSON gets JSON; one
    // that allows only SSE gets the answer as an event stream; only one allowing neither gets 406.
    const answer = acceptedAnswer(request.headers.accept);
    if (!answer) {
      await reply
        .code(406)
        .send(
          jsonRpcErrorBody(
            MCP_ERROR.server,
            `Not Acceptable: the answer is application/json (or text/event-stream); Accept allows neither`,
          ),
        );
      return;
    }
    replaceAccept(request.raw, ACCEPT_BOTH);
    const server = this.serverFor(ctx);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: answer === 'json',
    });
    // The SDK writes the raw response: carry over what hooks set on the reply (x-ratelimit-*), as
    // Fastify copies them only when it sends the response itself.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  }

  /**
   * What tools/list answers for this set of tools. The JSON Schemas are derived once per set (a
   * credential sees one of a few sets: read or write scope, with or without a plan's features), not
   * on every request.
   */
  private listed(available: readonly McpTool[]): Tool[] {
    const key = available.map((tool) => tool.name).join(',');
    let tools = this.listings.get(key);
    if (!tools) {
      tools = available.map((tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: jsonSchemaOf(tool.input, 'input'),
        outputSchema: jsonSchemaOf(tool.output, 'output'),
        annotations: {
          title: tool.title,
          readOnlyHint: tool.kind === 'read',
          destructiveHint: tool.kind === 'mutation' ? (tool.destructive ?? false) : undefined,
          idempotentHint: tool.kind === 'read',
          openWorldHint: false,
        },
      }));
      this.listings.set(key, tools);
    }
    return tools;
  }

  /** A server for one request, showing the tools this credential may use. */
  serverFor(ctx: ServiceContext): Server {
    const server = new Server(
      { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
      {
        capabilities: { tools: {}, resources: {} },
        instructions:
          'Monitors, status pages, status reports and maintenances of one workspace. Publishing tools need an explicit notify.',
        jsonSchemaValidator: SCHEMA_VALIDATOR,
      },
    );
    const available = this.tools.available(ctx, (feature) => hasFeature(ctx.workspace.plan, feature));
    server.setRequestHandler(ListToolsRequest, () => ({ tools: this.listed(available) }));
    server.setRequestHandler(ToolsCallRequest, async (checked) => {
      const request = CallToolRequestSchema.parse(checked);
      const name = request.params.name;
      const tool = available.find((t) => t.name === name);
      if (!tool) {
        const hidden = this.tools.all.find((t) => t.name === name);
        if (!hidden) throw new JsonRpcError(MCP_ERROR.invalidParams, `Unknown tool ${JSON.stringify(name)}`);
        throw new JsonRpcError(
          MCP_ERROR.forbidden,
          hidden.feature && !hasFeature(ctx.workspace.plan, hidden.feature)
            ? `${name} needs a plan with the ${hidden.feature} feature`
            : readOnlyRefusal(name, ctx),
        );
      }
      return this.call(ctx, tool, request.params.arguments ?? {});
    });
    const resources = this.resources();
    server.setRequestHandler(ListResourcesRequest, () => ({
      resources: resources.map(({ name, uri, title, description, mimeType }) => ({
        name,
        uri,
        title,
        description,
        mimeType,
      })),
    }));
    server.setRequestHandler(ReadResourceRequest, async (checked) => {
      const request = ReadResourceRequestSchema.parse(checked);
      const resource = resources.find((r) => r.uri === request.params.uri);
      if (!resource) throw new JsonRpcError(MCP_ERROR.invalidParams, `Unknown resource ${request.params.uri}`);
      return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: await this.readSafely(resource) }] };
    });
    return server;
  }

  private async call(ctx: ServiceContext, tool: McpTool, args: Record<string, unknown>): Promise<CallToolResult> {
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) {
      const accepted = Object.keys(tool.input.shape);
      const issues = parsed.error.issues.map((i) =>
        i.code === 'unrecognized_keys'
          ? `unknown argument${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => JSON.stringify(k)).join(', ')}; ` +
            (accepted.length ? `the arguments of ${tool.name} are ${accepted.join(', ')}` : `${tool.name} takes none`)
          : `${i.path.join('.') || 'arguments'}: ${i.message}`,
      );
      throw new JsonRpcError(MCP_ERROR.invalidParams, `Invalid arguments for ${tool.name}: ${issues.join('; ')}`);
    }
    let output: Record<string, unknown>;
    try {
      output = await tool.run(ctx, parsed.data);
    } catch (error) {
      if (isDomainError(error)) return answerDomainError(error);
      this.logger.error({ err: error, tool: tool.name }, 'mcp tool failed');
      throw new JsonRpcError(MCP_ERROR.internal, 'Internal error');
    }
    // What is sent is what tools/list announced: the output schema's fields, nothing else.
    const shaped = tool.output.safeParse(output);
    if (!shaped.success) {
      this.logger.error({ tool: tool.name, issues: shaped.error.issues }, 'mcp tool output does not match its schema');
      throw new JsonRpcError(MCP_ERROR.internal, 'Internal error');
    }
    const structured = shaped.data;
    return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
  }

  private resources(): Resource[] {
    return [
      {
        name: 'openapi-specification',
        uri: `${this.config.baseUrl}/openapi.json`,
        title: 'OpenAPI specification',
        description: 'The OpenAPI document of the RPC API (Connect JSON over HTTP).',
        mimeType: 'application/json',
        read: () =>
          (this.openapi ??= JSON.stringify(buildOpenApi(this.rpc.services(), this.config.baseUrl, RPC_PREFIX))),
      },
      {
        name: 'mcp-server-reference',
        uri: `${this.config.siteUrl}/docs/reference/mcp-server`,
        title: 'MCP server reference',
        description: 'Tools, resources, credentials, errors and limits of this MCP server.',
        mimeType: 'text/markdown',
        read: () => this.content.getPage('/docs/reference/mcp-server').markdown,
      },
      {
        name: 'site-index',
        uri: `${this.config.siteUrl}/llms.txt`,
        title: 'Site index (llms.txt)',
        description: 'Product context, pricing and a linked index of every public page.',
        mimeType: 'text/plain',
        read: () => this.content.llmsTxt(),
      },
    ];
  }

  /** Never an empty body: on failure or after 5 s, a short pointer back to the URI. */
  private async readSafely(resource: Resource): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const text = await Promise.race([
        Promise.resolve().then(() => resource.read()),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), RESOURCE_TIMEOUT_MS);
        }),
      ]);
      if (text.trim()) return text;
    } catch (error) {
      this.logger.warn({ err: error, resource: resource.name }, 'mcp resource read failed');
    } finally {
      clearTimeout(timer);
    }
    return `${resource.title} could not be loaded just now. Read it at ${resource.uri}`;
  }
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): { type: 'object'; [key: string]: unknown } {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...json, type: 'object' };
}

/** What a client may ask for: both scopes, so one connection can do everything it is approved for. */
const SCOPES = 'read write';

/**
 * Why a mutation tool is refused to a read-only credential, and how to get write access: an OAuth
 * connection's scope is fixed at consent (step-up means connecting again and approving read and
 * write), an API key's at creation.
 */
function readOnlyRefusal(name: string, ctx: ServiceContext): string {
  return ctx.actor.type === 'oauth'
    ? `${name} needs write access, and this connection was approved for read only. Write access needs a new connection approved for read and write: connect the app again (or sign in again from it) and choose "Read and write" on the consent screen.`
    : `${name} needs a read and write credential; this one is read-only`;
}
