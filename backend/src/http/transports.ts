// The transports that live outside Nest's controllers, registered the same way by the server and the
// tests: the rate limit first (it applies to every API call), then the RPC API and the MCP endpoint.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { McpEndpoint } from '../mcp/mcp.endpoint';
import { RateLimitHook } from '../rate-limit/rate-limit.hook';
import { RpcServer } from '../rpc/rpc.server';

export async function registerTransports(app: NestFastifyApplication): Promise<void> {
  app.get(RateLimitHook).register(app);
  await app.get(RpcServer).register(app);
  app.get(McpEndpoint).register(app);
}
