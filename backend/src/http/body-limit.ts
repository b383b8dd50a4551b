/** Largest body Fastify reads (REST, MCP, agents): agents report results in batches of up to 1000. */
export const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
