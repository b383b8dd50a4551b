// The transports that live outside Nest's controllers, registered the same way by the server and the
// tests: CORS first (so a refusal by a limit still reaches the page that asked), the rate limit (it
// applies to every API call), then the RPC API and the MCP endpoint.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { McpEndpoint } from '../mcp/mcp.endpoint';
import { RateLimitHook } from '../rate-limit/rate-limit.hook';
import { RpcServer } from '../rpc/rpc.server';
import { registerCors } from '../http/cors';

export async function registerTransports(app: NestFastifyApplication): Promise<void> {
  registerCors(app.getHttpAdapter().getInstance(), app.get<AppConfig>(APP_CONFIG));
  app.get(RateLimitHook).register(app);
  await app.get(RpcServer).register(app);
  app.get(McpEndpoint).register(app);
}
