// A real OAuth client nobody here wrote, oauth4webapi, drives the whole flow against the running
// server: discovery from /mcp, registration, PKCE, the code (consent approved through the dashboard's
// verb, as the consent page does), refresh rotation, reuse of a rotated refresh token, revocation.
import type * as OAuth4WebApi from 'oauth4webapi';
import { newTenant, type HttpTestApp, type Tenant } from '../../support/http-app';
import { approve, consentRequestOf, loadOauth4webapi, startOAuthApp } from '../../support/oauth-client';

type OAuth = typeof OAuth4WebApi;

describe('oauth4webapi against the authorization server', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let oauth: OAuth;
  // The test server is plain http on loopback; the client refuses that unless told.
  let insecure: { [key: symbol]: boolean };
  let as: OAuth4WebApi.AuthorizationServer;
  const redirectUri = 'http://127.0.0.1/oauth4webapi/callback';

  beforeAll(async () => {
    oauth = await loadOauth4webapi();
    insecure = { [oauth.allowInsecureRequests]: true };
    t = await startOAuthApp();
    tenant = await newTenant(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const resource = () => `${t.baseUrl}/mcp`;

  /** The status of a tools/list on /mcp; a 401 must carry the RFC 6750 invalid_token challenge. */
  async function mcpStatus(accessToken: string): Promise<number> {
    try {
      const response = await oauth.protectedResourceRequest(
        accessToken,
        'POST',
        new URL(resource()),
        new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        insecure,
      );
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error;
      expect(error.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token' } });
      return error.status;
    }
  }

  /** Registration, authorization with PKCE and consent, and the code exchange. */
  async function connect(): Promise<{
    client: OAuth4WebApi.Client;
    tokens: OAuth4WebApi.TokenEndpointResponse;
  }> {
    const registration = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'oauth4webapi test' },
      insecure,
    );
    const client = await oauth.processDynamicClientRegistrationResponse(registration);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set('client_id', client.client_id);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', state);
    url.searchParams.set('scope', 'read write');
    url.searchParams.set('resource', resource());
    const requestId = consentRequestOf(t, await fetch(url, { redirect: 'manual' }));
    const callback = new URL(await approve(t, requestId, tenant, 'write'));
    // Checks state and the RFC 9207 `iss` against the discovered issuer.
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      verifier,
      {
        ...insecure,
        additionalParameters: { resource: resource() },
      },
    );
    return { client, tokens: await oauth.processAuthorizationCodeResponse(as, client, response) };
  }

  it('discovers the authorization server from the protected resource', async () => {
    const rs = await oauth.processResourceDiscoveryResponse(
      new URL(resource()),
      await oauth.resourceDiscoveryRequest(new URL(resource()), insecure),
    );
    expect(rs.authorization_servers).toEqual([t.baseUrl]);
    const issuer = new URL(rs.authorization_servers![0]);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }),
    );
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.registration_endpoint).toBe(`${t.baseUrl}/oauth/register`);
  });

  it('connects, refreshes with rotation, and loses the grant when a rotated refresh token is reused', async () => {
    const { client, tokens } = await connect();
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(await mcpStatus(tokens.access_token)).toBe(200);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).toBeDefined();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(await mcpStatus(refreshed.access_token)).toBe(200);

    const reuse = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    // The grant is revoked: the newest access token fails on /mcp, and so does the newest refresh token.
    expect(await mcpStatus(refreshed.access_token)).toBe(401);
    const after = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure),
    );
    await expect(after).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes the connection: the next /mcp call gets 401', async () => {
    const { client, tokens } = await connect();
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(await mcpStatus(tokens.access_token)).toBe(401);
  });
});
