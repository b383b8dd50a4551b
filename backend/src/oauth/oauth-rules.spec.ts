import {
  allOnLoopback,
  isCodeVerifier,
  parseScope,
  pkceMatches,
  redirectHostOf,
  redirectUriMatches,
  redirectUriProblem,
  s256,
  scopeAllowed,
  scopeString,
  type RedirectPolicy,
} from './oauth-rules';

const policy: RedirectPolicy = {
  ownHosts: ['status.example.com'],
  domains: ['claude.ai', 'chatgpt.com'],
  schemes: ['cursor', 'vscode', 'windsurf'],
};

describe('redirectUriProblem', () => {
  it.each([
    'http://127.0.0.1:33418/callback',
    'http://localhost/callback',
    'http://[::1]:8080/cb',
    'https://localhost:1234/cb',
    'https://claude.ai/api/mcp/auth_callback',
    'https://app.claude.ai/cb',
    'https://chatgpt.com/connector_platform_oauth_redirect',
    'https://status.example.com/cb',
    'cursor://anysphere.cursor-retrieval/oauth/user-mcp/callback',
    'vscode://vscode.github-authentication/did-authenticate',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri, policy)).toBeNull();
  });

  it.each([
    ['http://claude.ai/cb', /http is allowed only on loopback/],
    ['https://evil.example/cb', /host evil.example is not allowed/],
    ['https://claude.ai.evil.example/cb', /not allowed/],
    ['https://notclaude.ai/cb', /not allowed/],
    ['https://example.com.status.example.com.evil/cb', /not allowed/],
    ['javascript:alert(1)', /scheme javascript: is not allowed/],
    ['myapp://callback', /scheme myapp: is not allowed/],
    ['http://127.0.0.1/cb#frag', /fragment/],
    ['https://user:pw@claude.ai/cb', /credentials/],
    ['/relative/cb', /absolute URL/],
    ['http://127.0.0.1/cb\n', /control characters/],
    [`https://claude.ai/${'a'.repeat(2048)}`, /at most 2048/],
  ])('refuses %s', (uri, message) => {
    expect(redirectUriProblem(uri, policy)).toMatch(message);
  });
});

describe('redirectUriMatches', () => {
  it('matches a loopback redirect on any port (RFC 8252 §7.3)', () => {
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectUriMatches('http://localhost:3000/callback', 'http://localhost:4000/callback')).toBe(true);
    expect(redirectUriMatches('http://[::1]:1/cb', 'http://[::1]:2/cb')).toBe(true);
  });

  it('matches loopback on nothing else but the port', () => {
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:5/other')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'https://127.0.0.1:5/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://localhost:5/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:5/callback?x=1')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://evil@127.0.0.1:5/callback')).toBe(false);
  });

  it('matches other redirects exactly', () => {
    expect(redirectUriMatches('https://claude.ai/cb', 'https://claude.ai/cb')).toBe(true);
    expect(redirectUriMatches('https://claude.ai/cb', 'https://claude.ai:444/cb')).toBe(false);
    expect(redirectUriMatches('https://claude.ai/cb', 'https://claude.ai/cb/')).toBe(false);
    expect(redirectUriMatches('https://claude.ai/cb', 'https://claude.ai/cb?next=https://evil')).toBe(false);
  });
});

describe('PKCE', () => {
  const verifier = 'dBjftJeZ4CVP-mJ92K9VWz-9Rn3xQV4M1fF7Lf3UdDk';
  const challenge = 'Fp11t1pNcM8nnwwGBwpKZXOYK2nMgF9v84Z3m7BKFmI';

  it('hashes the verifier as RFC 7636 says (base64url of SHA-256, as WebCrypto computes it)', async () => {
    const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    expect(Buffer.from(digest).toString('base64url')).toBe(challenge);
    expect(s256(verifier)).toBe(challenge);
    expect(pkceMatches(verifier, challenge)).toBe(true);
  });

  it('refuses another verifier, and verifiers outside 43 to 128 characters of the alphabet', () => {
    expect(pkceMatches(`${verifier.slice(0, -1)}l`, challenge)).toBe(false);
    expect(isCodeVerifier('a'.repeat(42))).toBe(false);
    expect(isCodeVerifier('a'.repeat(43))).toBe(true);
    expect(isCodeVerifier('a'.repeat(128))).toBe(true);
    expect(isCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isCodeVerifier(`${'a'.repeat(43)}+`)).toBe(false);
    // The challenge itself is no verifier of itself.
    expect(pkceMatches(challenge, challenge)).toBe(false);
  });
});

describe('scopes', () => {
  it('asks for write when no scope is given, and write includes read', () => {
    expect(parseScope(undefined)).toBe('write');
    expect(parseScope('')).toBe('write');
    expect(parseScope('read')).toBe('read');
    expect(parseScope('write')).toBe('write');
    expect(parseScope('read write')).toBe('write');
    expect(parseScope('write  read')).toBe('write');
  });

  it('refuses unknown scopes', () => {
    expect(parseScope('admin')).toBeNull();
    expect(parseScope('read openid')).toBeNull();
  });

  it('lets the user downgrade write to read, never upgrade read', () => {
    expect(scopeAllowed('write', 'read')).toBe(true);
    expect(scopeAllowed('write', 'write')).toBe(true);
    expect(scopeAllowed('read', 'read')).toBe(true);
    expect(scopeAllowed('read', 'write')).toBe(false);
    expect(scopeString('write')).toBe('read write');
    expect(scopeString('read')).toBe('read');
  });
});

describe('consent screen helpers', () => {
  it('names the redirect host, or the scheme of an editor', () => {
    expect(redirectHostOf('https://claude.ai/api/cb')).toBe('claude.ai');
    expect(redirectHostOf('http://127.0.0.1:3000/cb')).toBe('127.0.0.1:3000');
    expect(redirectHostOf('cursor://anysphere.cursor-retrieval/cb')).toBe('cursor:');
  });

  it('warns only when every redirect is on loopback', () => {
    expect(allOnLoopback(['http://127.0.0.1/cb', 'http://localhost:1/cb'])).toBe(true);
    expect(allOnLoopback(['http://127.0.0.1/cb', 'https://claude.ai/cb'])).toBe(false);
    expect(allOnLoopback(['cursor://x/cb'])).toBe(false);
  });
});
