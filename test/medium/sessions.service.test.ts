// The rules of dashboard sessions and sign-in links, on a real database: tokens kept as hashes; a
// session ends after a day without a request or two weeks after sign-in; its last use is written at
// most once a minute; signing out ends it; a sign-in link works once, for a day.
import { hashToken } from '../../backend/src/common/crypto';
import { NotFoundError } from '../../backend/src/common/errors';
import { DashboardSessionsModule } from '../../backend/src/dashboard/sessions/sessions.module';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SessionsService,
  SIGN_IN_LINK_MS,
} from '../../backend/src/dashboard/sessions/sessions.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { newMember } from '../support/access-fixtures';
import { wholeDatabaseText } from '../support/rpc';

const MINUTE = 60_000;

describe(SessionsService.name, () => {
  let t: TestApp;
  let sut: SessionsService;

  beforeAll(async () => {
    t = await createTestApp({}, [DashboardSessionsModule]);
    sut = t.app.get(SessionsService);
  });

  afterAll(() => t.close());

  const someone = async () => (await newMember(t, await newWorkspace(t), 'member', { password: null })).userId;
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

  it('starts a session whose token is kept only as a hash and resolves to its user', async () => {
    const userId = await someone();
    const now = new Date();
    const { token, expiresAt } = await sut.start(userId, now);
    expect(token).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(expiresAt).toEqual(at(now, SESSION_ABSOLUTE_MS));
    const everything = await wholeDatabaseText(t.db);
    expect(everything).not.toContain(token);
    expect(everything).toContain(hashToken(token));
    expect((await sut.resolve(token, now))?.user.id).toBe(userId);
  });

  it('resolves no session for a missing, malformed or unknown token', async () => {
    for (const token of [undefined, '', 'short', 'x'.repeat(43), `${'a'.repeat(42)}!`]) {
      expect(await sut.resolve(token)).toBeNull();
    }
  });

  it('ends a session after a day without a request, for good', async () => {
    const now = new Date();
    const { token } = await sut.start(await someone(), now);
    expect(await sut.resolve(token, at(now, SESSION_IDLE_MS - 1))).not.toBeNull();
    // That request was the last use: a day after it, the session is over, and stays over.
    expect(await sut.resolve(token, at(now, 2 * SESSION_IDLE_MS - 1))).toBeNull();
    expect(await sut.resolve(token, at(now, 2 * SESSION_IDLE_MS - 2))).toBeNull();
  });

  it('writes the last use at most once a minute', async () => {
    const now = new Date();
    const { token } = await sut.start(await someone(), now);
    // Half a minute in: not written, so the day of idleness still counts from the start.
    await sut.resolve(token, at(now, MINUTE / 2));
    expect(await sut.resolve(token, at(now, SESSION_IDLE_MS))).toBeNull();
  });

  it('ends a session two weeks after sign-in, however often it is used', async () => {
    const now = new Date();
    const { token } = await sut.start(await someone(), now);
    // A request every half day keeps it from idling out until the fortnight is over.
    for (let half = 1; half < 28; half++)
      expect(await sut.resolve(token, at(now, (half * SESSION_IDLE_MS) / 2))).not.toBeNull();
    expect(await sut.resolve(token, at(now, SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it('ends a session on sign-out, and every session of a person at once', async () => {
    const userId = await someone();
    const [first, second, third] = [await sut.start(userId), await sut.start(userId), await sut.start(userId)];
    await sut.end(first.token);
    expect(await sut.resolve(first.token)).toBeNull();
    expect(await sut.resolve(second.token)).not.toBeNull();
    await sut.endAllOf(userId);
    expect(await sut.resolve(second.token)).toBeNull();
    expect(await sut.resolve(third.token)).toBeNull();
  });

  it("sweeps everyone's expired sessions on each sign-in", async () => {
    const now = new Date();
    const old = await sut.start(await someone(), now);
    await sut.start(await someone(), at(now, SESSION_ABSOLUTE_MS + MINUTE));
    expect(await wholeDatabaseText(t.db)).not.toContain(hashToken(old.token));
  });

  it('lets a sign-in link be checked without using it, then used once', async () => {
    const userId = await someone();
    const token = await sut.createSignInLink(userId);
    expect(await wholeDatabaseText(t.db)).not.toContain(token);
    await sut.checkSignInLink(token);
    await sut.checkSignInLink(token);
    expect(await sut.consumeSignInLink(token)).toBe(userId);
    await expect(sut.checkSignInLink(token)).rejects.toThrow(NotFoundError);
    await expect(sut.consumeSignInLink(token)).rejects.toThrow('This sign-in link is unknown, expired or already used');
  });

  it('lets a sign-in link work for a day', async () => {
    const now = new Date();
    const token = await sut.createSignInLink(await someone(), now);
    await expect(sut.checkSignInLink(token, at(now, SIGN_IN_LINK_MS))).rejects.toThrow(NotFoundError);
    await expect(sut.consumeSignInLink(token, at(now, SIGN_IN_LINK_MS))).rejects.toThrow(NotFoundError);
    await expect(sut.consumeSignInLink(token, at(now, SIGN_IN_LINK_MS - 1))).resolves.toBeDefined();
    await expect(sut.consumeSignInLink(undefined)).rejects.toThrow(NotFoundError);
  });
});
