// The rules of the consent screen's verbs, on a real database: a person approves for a workspace they
// belong to, with at most the scope asked (a viewer read only); the code is kept hashed; either answer
// is final; an unknown, expired or answered request is NOT_FOUND.
import { NotFoundError, ValidationError } from '../../backend/src/common/errors';
import { REQUEST_LIFETIME_MS } from '../../backend/src/oauth/oauth-authorize.service';
import { OAuthConsentService } from '../../backend/src/oauth/oauth-consent.service';
import { OAuthModule } from '../../backend/src/oauth/oauth.module';
import { createTestApp, newWorkspace, servicesOf, type TestApp } from '../support/app';
import { newMember, pendingRequest, pkce, REDIRECT_URI, registeredClient } from '../support/access-fixtures';
import { wholeDatabaseText } from '../support/rpc';

const ISSUER = 'https://status.acme.test';

describe(OAuthConsentService.name, () => {
  let t: TestApp;
  let sut: OAuthConsentService;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: ISSUER }, [servicesOf(OAuthModule)]);
    sut = t.app.get(OAuthConsentService);
    clientId = await registeredClient(t);
  });

  afterAll(() => t.close());

  const answerOf = (location: string) => {
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
    return Object.fromEntries(url.searchParams);
  };

  it('approves with a code kept only as a hash, sent back with state and iss', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const request = await pendingRequest(t, clientId, pkce(), { state: 's1' });
    const answer = answerOf(
      await sut.approve(request, { userId: person.userId, workspaceId: ctx.workspace.id, scope: 'write' }),
    );
    expect(answer).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9]{43}$/) as unknown, state: 's1', iss: ISSUER });
    expect(await wholeDatabaseText(t.db)).not.toContain(answer.code);
  });

  it('answers NOT_FOUND for a workspace the person is not a member of', async () => {
    const ctx = await newWorkspace(t);
    const other = await newWorkspace(t);
    const person = await newMember(t, ctx, 'owner');
    const request = await pendingRequest(t, clientId, pkce());
    for (const workspaceId of [other.workspace.id, '999999999', 'not-an-id']) {
      await expect(sut.approve(request, { userId: person.userId, workspaceId, scope: 'read' })).rejects.toThrow(
        NotFoundError,
      );
    }
    // The refusals left the request open.
    await expect(sut.pending(request)).resolves.toMatchObject({ clientId });
  });

  it('grants at most the scope asked: read asked, write refused', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'owner');
    const request = await pendingRequest(t, clientId, pkce(), { scope: 'read' });
    const input = { userId: person.userId, workspaceId: ctx.workspace.id };
    await expect(sut.approve(request, { ...input, scope: 'write' })).rejects.toThrow(ValidationError);
    await expect(sut.approve(request, { ...input, scope: 'admin' as 'read' })).rejects.toThrow(
      'scope: must be read or write',
    );
    await expect(sut.approve(request, { ...input, scope: 'read' })).resolves.toContain('code=');
  });

  it('lets a viewer grant read access only', async () => {
    const ctx = await newWorkspace(t);
    const viewer = await newMember(t, ctx, 'viewer');
    const request = await pendingRequest(t, clientId, pkce(), { scope: 'read write' });
    const input = { userId: viewer.userId, workspaceId: ctx.workspace.id };
    await expect(sut.approve(request, { ...input, scope: 'write' })).rejects.toThrow(
      'scope: a viewer of the workspace can grant read access only',
    );
    await expect(sut.approve(request, { ...input, scope: 'read' })).resolves.toContain('code=');
  });

  it('takes one answer: after approving, neither approve nor deny', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const request = await pendingRequest(t, clientId, pkce());
    const input = { userId: person.userId, workspaceId: ctx.workspace.id, scope: 'read' as const };
    await sut.approve(request, input);
    await expect(sut.approve(request, input)).rejects.toThrow(NotFoundError);
    await expect(sut.deny(request, person.userId)).rejects.toThrow(NotFoundError);
    await expect(sut.pending(request)).rejects.toThrow(NotFoundError);
  });

  it('denies with access_denied, state and iss, and that answer is final too', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const request = await pendingRequest(t, clientId, pkce(), { state: 's2' });
    expect(answerOf(await sut.deny(request, person.userId))).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the authorization request',
      state: 's2',
      iss: ISSUER,
    });
    await expect(
      sut.approve(request, { userId: person.userId, workspaceId: ctx.workspace.id, scope: 'read' }),
    ).rejects.toThrow(NotFoundError);
  });

  it('answers NOT_FOUND for an unknown or expired request', async () => {
    const ctx = await newWorkspace(t);
    const person = await newMember(t, ctx, 'member');
    const now = new Date();
    const request = await pendingRequest(t, clientId, pkce(), { now });
    const later = new Date(now.getTime() + REQUEST_LIFETIME_MS);
    const input = { userId: person.userId, workspaceId: ctx.workspace.id, scope: 'read' as const };
    await expect(sut.approve(request, input, later)).rejects.toThrow(NotFoundError);
    await expect(sut.deny(request, person.userId, later)).rejects.toThrow(NotFoundError);
    await expect(sut.pending('unknown')).rejects.toThrow(NotFoundError);
    await expect(sut.pending('x'.repeat(200))).rejects.toThrow(NotFoundError);
  });
});
