import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../config/config';
import { registerCors } from './cors';

describe(registerCors.name, () => {
  let sut: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://app.example.com',
      MCP_ALLOWED_ORIGINS: 'https://inspector.example.com',
    });
    sut = Fastify();
    registerCors(sut, config);
    sut.post('/rpc/a.v1.S/M', async () => ({ ok: true }));
    sut.post('/mcp', async () => ({ ok: true }));
    sut.get('/app', async () => 'dashboard');
    await sut.ready();
  });
  afterAll(() => sut.close());

  const preflight = (url: string, origin: string) =>
    sut.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'POST' } });

  it('answers a listed origin’s preflight with that origin alone, and never allows credentials', async () => {
    const answer = await preflight('/rpc/a.v1.S/M', 'https://app.example.com');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(answer.headers['access-control-allow-methods']).toBe('POST, GET');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers.vary).toBe('Origin');
  });

  it('refuses another origin’s preflight with 403 and no CORS headers, naming the setting', async () => {
    const answer = await preflight('/rpc/a.v1.S/M', 'https://evil.example.com');
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.body).toContain('CORS_ORIGINS');
    // Close but not equal is another origin.
    expect((await preflight('/rpc/a.v1.S/M', 'http://app.example.com')).statusCode).toBe(403);
    expect((await preflight('/rpc/a.v1.S/M', 'https://app.example.com:8443')).statusCode).toBe(403);
  });

  it('lets /mcp be called from its own allowed origins too, with Authorization', async () => {
    for (const origin of ['https://inspector.example.com', 'https://app.example.com', 'http://localhost:3001']) {
      const answer = await preflight('/mcp', origin);
      expect([origin, answer.statusCode]).toEqual([origin, 204]);
      expect(answer.headers['access-control-allow-headers']).toContain('authorization');
    }
    // MCP_ALLOWED_ORIGINS is for /mcp only.
    expect((await preflight('/rpc/a.v1.S/M', 'https://inspector.example.com')).statusCode).toBe(403);
  });

  it('marks the answers of a listed origin’s calls readable, with the headers a client needs', async () => {
    const answer = await sut.inject({
      method: 'POST',
      url: '/rpc/a.v1.S/M',
      headers: { origin: 'https://app.example.com', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(String(answer.headers['access-control-expose-headers']).split(', ')).toEqual(
      expect.arrayContaining(['grpc-status', 'grpc-message', 'grpc-status-details-bin', 'retry-after']),
    );
    const stranger = await sut.inject({
      method: 'POST',
      url: '/rpc/a.v1.S/M',
      headers: { origin: 'https://evil.example.com', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves every other path alone', async () => {
    const answer = await sut.inject({ method: 'GET', url: '/app', headers: { origin: 'https://app.example.com' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
  });
});
