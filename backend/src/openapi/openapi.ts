// The OpenAPI 3.1 document of the HTTP surface, generated from the RPC contract's descriptors (every
// method of every service in its Connect JSON form) plus the REST routes, so it cannot drift from
// what the server serves.
import { ScalarType, type DescEnum, type DescField, type DescMessage, type DescService } from '@bufbuild/protobuf';

type Schema = Record<string, unknown>;

const WELL_KNOWN: Record<string, Schema> = {
  'google.protobuf.Timestamp': { type: 'string', format: 'date-time' },
  'google.protobuf.FieldMask': { type: 'string', description: 'Comma-separated field paths in lowerCamelCase' },
  'google.protobuf.Duration': { type: 'string', description: 'Seconds with an "s" suffix, e.g. "1.5s"' },
  'google.protobuf.Empty': { type: 'object' },
  'google.protobuf.Struct': { type: 'object', additionalProperties: true },
};

function scalarSchema(type: ScalarType): Schema {
  switch (type) {
    case ScalarType.STRING:
      return { type: 'string' };
    case ScalarType.BOOL:
      return { type: 'boolean' };
    case ScalarType.BYTES:
      return { type: 'string', format: 'byte' };
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return { type: 'number' };
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return { type: 'integer', format: 'int32' };
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return { type: 'string', format: 'int64', description: '64-bit integer as a decimal string' };
    default: {
      const unreachable: never = type;
      throw new Error(`unknown scalar ${String(unreachable)}`);
    }
  }
}

class SchemaBuilder {
  readonly schemas: Record<string, Schema> = {};

  ref(message: DescMessage): Schema {
    const known = WELL_KNOWN[message.typeName];
    if (known) return known;
    if (!this.schemas[message.typeName]) {
      this.schemas[message.typeName] = {};
      this.schemas[message.typeName] = this.message(message);
    }
    return { $ref: `#/components/schemas/${message.typeName}` };
  }

  private enumRef(desc: DescEnum): Schema {
    if (!this.schemas[desc.typeName]) {
      this.schemas[desc.typeName] = { type: 'string', enum: desc.values.map((v) => v.name) };
    }
    return { $ref: `#/components/schemas/${desc.typeName}` };
  }

  private single(field: DescField): Schema {
    switch (field.fieldKind) {
      case 'scalar':
        return scalarSchema(field.scalar);
      case 'enum':
        return this.enumRef(field.enum);
      case 'message':
        return this.ref(field.message);
      case 'list':
        switch (field.listKind) {
          case 'scalar':
            return { type: 'array', items: scalarSchema(field.scalar) };
          case 'enum':
            return { type: 'array', items: this.enumRef(field.enum) };
          case 'message':
            return { type: 'array', items: this.ref(field.message) };
          default:
            return { type: 'array' };
        }
      case 'map':
        switch (field.mapKind) {
          case 'scalar':
            return { type: 'object', additionalProperties: scalarSchema(field.scalar) };
          case 'enum':
            return { type: 'object', additionalProperties: this.enumRef(field.enum) };
          case 'message':
            return { type: 'object', additionalProperties: this.ref(field.message) };
          default:
            return { type: 'object' };
        }
      default: {
        const unreachable: never = field;
        throw new Error(`unknown field kind ${String(unreachable)}`);
      }
    }
  }

  private message(message: DescMessage): Schema {
    const properties: Record<string, Schema> = {};
    for (const field of message.fields) {
      const schema = this.single(field);
      properties[field.jsonName] = field.oneof ? { ...schema, description: `One of ${field.oneof.name}` } : schema;
    }
    return { type: 'object', title: message.name, properties, additionalProperties: false };
  }
}

export interface RestRoute {
  method: 'get' | 'post';
  path: string;
  summary: string;
  auth: boolean;
  /** Also takes `Authorization: Bearer` (what Prometheus sends), besides x-service-key. */
  bearer?: boolean;
  parameters?: Schema[];
  response: Schema;
  /** Of the success answer; default application/json. */
  contentType?: string;
}

export const REST_ROUTES: RestRoute[] = [
  {
    method: 'get',
    path: '/health',
    summary: 'The process is up',
    auth: false,
    response: { type: 'object', properties: { status: { type: 'string' } } },
  },
  {
    method: 'get',
    path: '/ready',
    summary: 'The database answers and migrations are applied (503 otherwise)',
    auth: false,
    response: { type: 'object', properties: { status: { type: 'string' }, reason: { type: 'string' } } },
  },
  {
    method: 'get',
    path: '/v1/whoami',
    summary: "The key's workspace, plan features and scope",
    auth: true,
    response: { type: 'object' },
  },
  {
    method: 'get',
    path: '/subscriptions/confirm',
    summary: 'Page with a button that confirms an e-mail subscription (changes nothing)',
    auth: false,
    parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
    response: { type: 'string' },
    contentType: 'text/html',
  },
  {
    method: 'post',
    path: '/subscriptions/confirm',
    summary: 'Confirms the e-mail subscription of the link (HTML answer)',
    auth: false,
    parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
    response: { type: 'string' },
    contentType: 'text/html',
  },
  {
    method: 'get',
    path: '/subscriptions/unsubscribe',
    summary: 'Page with a button that cancels an e-mail subscription (changes nothing)',
    auth: false,
    parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
    response: { type: 'string' },
    contentType: 'text/html',
  },
  {
    method: 'post',
    path: '/subscriptions/unsubscribe',
    summary: 'Cancels the e-mail subscription of the link; also RFC 8058 one-click (HTML answer)',
    auth: false,
    parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
    response: { type: 'string' },
    contentType: 'text/html',
  },
  {
    method: 'get',
    path: '/alerts/ack/{token}',
    summary:
      "Page of an alert message's signed Acknowledge link: the alert and a button (changes nothing); 403 for a forged or expired link",
    auth: false,
    parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
    response: { type: 'string' },
    contentType: 'text/html',
  },
  {
    method: 'post',
    path: '/alerts/ack/{token}',
    summary:
      'Acknowledges the alert of the signed link, stopping its reminders and escalation (HTML answer); 403 for a forged or expired link',
    auth: false,
    parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
    response: { type: 'string' },
    contentType: 'text/html',
  },
  {
    method: 'get',
    path: '/metrics',
    summary:
      "Prometheus metrics (text exposition format): an API key sees its workspace's monitors; METRICS_TOKEN sees every workspace and the service's own metrics",
    auth: true,
    bearer: true,
    response: { type: 'string' },
    contentType: 'text/plain; version=0.0.4',
  },
  {
    method: 'get',
    path: '/v1/monitor/{id}/summary',
    summary: 'Daily series of one monitor: checks per UTC day and how many were ok (successful or degraded)',
    auth: true,
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'days', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 45, default: 14 } },
    ],
    response: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              day: { type: 'string', format: 'date' },
              count: { type: 'integer' },
              ok: { type: 'integer' },
            },
          },
        },
      },
    },
  },
];

export function buildOpenApi(services: DescService[], baseUrl: string, rpcPrefix: string): Schema {
  const builder = new SchemaBuilder();
  const paths: Record<string, Schema> = {};
  const errorSchema = {
    type: 'object',
    properties: {
      code: {
        type: 'string',
        description: 'Connect code: invalid_argument, not_found, permission_denied, unauthenticated, ...',
      },
      message: { type: 'string' },
    },
  };
  for (const service of services) {
    for (const method of service.methods) {
      paths[`${rpcPrefix}/${service.typeName}/${method.name}`] = {
        post: {
          operationId: `${service.typeName}.${method.name}`,
          tags: [service.typeName],
          summary: `${service.name}.${method.name} (Connect JSON; binary protobuf and gRPC-web are served on the same path)`,
          security: [{ apiKey: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: builder.ref(method.input) } } },
          responses: {
            '200': { description: 'Success', content: { 'application/json': { schema: builder.ref(method.output) } } },
            default: { description: 'Connect error', content: { 'application/json': { schema: errorSchema } } },
          },
        },
      };
    }
  }
  for (const route of REST_ROUTES) {
    paths[route.path] = {
      ...(paths[route.path] ?? {}),
      [route.method]: {
        operationId: `${route.method} ${route.path}`,
        tags: ['REST'],
        summary: route.summary,
        ...(route.auth ? { security: [{ apiKey: [] }, ...(route.bearer ? [{ bearer: [] }] : [])] } : {}),
        parameters: route.parameters ?? [],
        responses: {
          '200': {
            description: 'Success',
            content: { [route.contentType ?? 'application/json']: { schema: route.response } },
          },
          default: {
            description: 'Error',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Uptime Service API',
      version: '1',
      description:
        'Monitors, status pages and everything around them. RPC methods accept Connect JSON (shown here), binary protobuf and gRPC-web; authenticate with the x-service-key header.',
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-service-key' },
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key, or METRICS_TOKEN on /metrics' },
      },
      schemas: builder.schemas,
    },
  };
}
