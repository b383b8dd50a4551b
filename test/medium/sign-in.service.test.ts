// The rules of signing in to the dashboard, on a real database: one answer for every wrong
// e-mail or password; failed attempts limited per client network and per e-mail, checked before the
// password is; a one-time link sets the first password and signs in, leaving the link usable when the
// password is refused.
import { NotFoundError, UnauthorizedError, ValidationError } from '../../backend/src/common/errors';
import { DashboardModule } from '../../backend/src/dashboard/dashboard.module';
import { SessionsService } from '../../backend/src/dashboard/sessions/sessions.service';
import { SignInService } from '../../backend/src/dashboard/sign-in.service';
import { RateLimitModule } from '../../backend/src/rate-limit/rate-limit.module';
import { SIGN_IN_FAILED, UsersService } from '../../backend/src/users/users.service';
import { createTestApp, newWorkspace, servicesOf, type TestApp } from '../support/app';
import { newMember, PASSWORD } from '../support/access-fixtures';

/** Failed sign-ins allowed a minute, per network and per e-mail. */
const LIMIT = 3;

describe(SignInService.name, () => {
  let t: TestApp;
  let sut: SignInService;
  let sessions: SessionsService;
  let networks = 0;
  /** A client network of its own (documentation addresses: nothing is sent to them). */
  const network = () => `198.51.100.${++networks}`;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_FAILURE_LIMIT: String(LIMIT) }, [RateLimitModule, servicesOf(DashboardModule)]);
    sut = t.app.get(SignInService);
    sessions = t.app.get(SessionsService);
  });

  afterAll(() => t.close());

  const person = async (password: string | null = PASSWORD) =>
    newMember(t, await newWorkspace(t), 'member', { password });

  it('signs in with the e-mail in any case and the password, into a session of that person', async () => {
    const someone = await person();
    const result = await sut.signIn({ email: ` ${someone.email.toUpperCase()} `, password: PASSWORD }, network());
    if (result.kind !== 'signed-in') throw new Error(`not signed in: ${JSON.stringify(result)}`);
    expect((await sessions.resolve(result.token))?.user.id).toBe(someone.userId);
  });

  it('answers every wrong e-mail or password the same', async () => {
    const someone = await person();
    const address = network();
    for (const input of [
      { email: someone.email, password: 'wrong password 123' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      await expect(sut.signIn(input, address)).rejects.toThrow(new UnauthorizedError(SIGN_IN_FAILED));
    }
  });

  it('validates the form, naming the field and the bound', async () => {
    await expect(sut.signIn({ email: ' ', password: 'x' }, network())).rejects.toThrow('email: is required');
    await expect(sut.signIn({ email: 'a@example.com' }, network())).rejects.toThrow(ValidationError);
    await expect(sut.signIn({ email: 'a@example.com', password: 'x'.repeat(1025) }, network())).rejects.toThrow(
      'password: must be at most 1024 characters',
    );
  });

  it('throttles an e-mail after the failures allowed, from any network, before checking the password', async () => {
    const someone = await person();
    for (let i = 0; i < LIMIT; i++) {
      await expect(sut.signIn({ email: someone.email, password: 'wrong password 123' }, network())).rejects.toThrow(
        UnauthorizedError,
      );
    }
    const result = await sut.signIn({ email: someone.email.toUpperCase(), password: PASSWORD }, network());
    expect(result).toEqual({ kind: 'throttled', retryAfterSeconds: expect.any(Number) as unknown });
  });

  it('throttles a network after the failures allowed, whatever the e-mail', async () => {
    const someone = await person();
    const address = network();
    for (let i = 0; i < LIMIT; i++) {
      await expect(
        sut.signIn({ email: `guess-${i}-${address}@example.com`, password: 'wrong password 123' }, address),
      ).rejects.toThrow(UnauthorizedError);
    }
    expect((await sut.signIn({ email: someone.email, password: PASSWORD }, address)).kind).toBe('throttled');
    expect((await sut.signIn({ email: someone.email, password: PASSWORD }, network())).kind).toBe('signed-in');
  });

  it('ends the session on sign-out', async () => {
    const someone = await person();
    const result = await sut.signIn({ email: someone.email, password: PASSWORD }, network());
    const token = (result as { token: string }).token;
    await sut.signOut(token);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('sets the password with a one-time link, signs in, and ends the other sessions', async () => {
    const someone = await person();
    const before = await sessions.start(someone.userId);
    const link = await sessions.createSignInLink(someone.userId);
    const password = 'a brand new pass phrase';
    const session = await sut.redeemLink(link, password);
    expect((await sessions.resolve(session.token))?.user.id).toBe(someone.userId);
    expect(await sessions.resolve(before.token)).toBeNull();
    await expect(t.app.get(UsersService).verifyPassword(someone.email, password)).resolves.toBeDefined();
    await expect(sut.redeemLink(link, 'another new pass phrase')).rejects.toThrow(NotFoundError);
  });

  it('leaves the link working when the password is refused', async () => {
    const someone = await person(null);
    const link = await sessions.createSignInLink(someone.userId);
    await expect(sut.redeemLink(link, 'short')).rejects.toThrow('password: must be at least 12 characters');
    await expect(sut.redeemLink(link, PASSWORD)).resolves.toMatchObject({ token: expect.any(String) as unknown });
  });

  it('answers NOT_FOUND for an unknown link', async () => {
    await expect(sut.redeemLink('x'.repeat(43), PASSWORD)).rejects.toThrow(NotFoundError);
    await expect(sut.redeemLink(undefined, PASSWORD)).rejects.toThrow(NotFoundError);
  });
});
