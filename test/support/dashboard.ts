// A browser without a browser, for the dashboard's HTTP tests: fetch with a cookie jar, manual
// redirects, and the forms' CSRF tokens read from the pages.
import type { ServiceContext } from '../../backend/src/common/context';
import type { MemberRole } from '../../backend/src/users/membership.entity';
import { UsersService } from '../../backend/src/users/users.service';
import { installer } from './app';
import type { HttpTestApp } from './http-app';

export const PASSWORD = 'correct horse battery staple';

export interface PageAnswer {
  status: number;
  body: string;
  location: string | null;
  headers: Headers;
}

export interface PostOptions {
  /** Sent as the Origin header (browsers send it on every POST). */
  origin?: string | null;
  secFetchSite?: string;
  /** The form's CSRF token; by default the one of the last page read. */
  csrf?: string | null;
  contentType?: string;
  rawBody?: string;
}

export class DashboardClient {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that had a form. */
  csrf: string | null = null;
  /** Sent with every request (e.g. X-Forwarded-For behind a trusted proxy). */
  readonly headers: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  async get(path: string): Promise<PageAnswer> {
    return this.send(path, { method: 'GET' });
  }

  async post(path: string, fields: Record<string, string>, options: PostOptions = {}): Promise<PageAnswer> {
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    const form = new URLSearchParams(csrf === null ? fields : { _csrf: csrf, ...fields });
    const headers: Record<string, string> = {
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
    };
    const origin = options.origin === undefined ? this.baseUrl : options.origin;
    if (origin !== null) headers.origin = origin;
    if (options.secFetchSite) headers['sec-fetch-site'] = options.secFetchSite;
    return this.send(path, { method: 'POST', headers, body: options.rawBody ?? form.toString() });
  }

  /** Follows one redirect answer with a GET, as a browser does after a 303. */
  async follow(answer: PageAnswer): Promise<PageAnswer> {
    if (!answer.location) throw new Error(`not a redirect: ${answer.status}`);
    return this.get(answer.location.replace(this.baseUrl, ''));
  }

  /** Signs in through the form; answers the redirect. */
  async signIn(email: string, password = PASSWORD, next?: string): Promise<PageAnswer> {
    await this.get(`/app/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    return this.post('/app/sign-in', { email, password, ...(next ? { next } : {}) });
  }

  private async send(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<PageAnswer> {
    const headers: Record<string, string> = { ...this.headers, ...(init.headers ?? {}) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = await response.text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(body);
    if (csrf) this.csrf = csrf[1];
    return { status: response.status, body, location: response.headers.get('location'), headers: response.headers };
  }
}

/** Gives a user a password (through the service verb, as the CLI or a sign-in link would). */
export async function givePassword(t: HttpTestApp, userId: string, password = PASSWORD): Promise<void> {
  await t.app.get(UsersService).setPassword(installer, userId, { password });
}

let people = 0;

/** A new user with a password and a role in the workspace; answers their id and e-mail. */
export async function newMember(
  t: HttpTestApp,
  ctx: ServiceContext,
  role: MemberRole,
): Promise<{ userId: string; email: string }> {
  people += 1;
  const email = `${role}-${people}-${Date.now()}@example.com`;
  const { user } = await t.app
    .get(UsersService)
    .addMember({ ...installer, workspace: ctx.workspace }, { email, role, name: `Person ${people}` });
  await givePassword(t, user.id);
  return { userId: user.id, email };
}

/** The text of a page without tags, for assertions on what a person reads. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
}
