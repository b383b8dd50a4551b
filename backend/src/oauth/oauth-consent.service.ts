// The consent screen's verbs: what a pending authorization request asks, and the user's answer.
// Approving issues the authorization code (stored hashed, 60 s, single use); either answer is final.
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Scope } from '../common/context';
import { hashToken, randomToken } from '../common/crypto';
import { NotFoundError, ValidationError } from '../common/errors';
import { Database } from '../database/database';
import { USERS_PORT, type UsersPort } from '../users/users.port';
import { OAuthAuthorizationsRepository } from './oauth-authorizations.repository';
import { responseUrl } from './oauth-authorize.service';
import type { OAuthAuthorizationRequestEntity } from './oauth.entities';
import { redirectHostOf, scopeAllowed } from './oauth-rules';

export const CODE_LIFETIME_MS = 60 * 1000;

export interface PendingAuthorization {
  id: string;
  clientId: string;
  clientName: string;
  redirectUri: string;
  /** host of the redirect URI (or `scheme:` for editor schemes) */
  redirectHost: string;
  /** true when every redirect URI of the client is on loopback: the page warns */
  allLoopback: boolean;
  /** requested */
  scope: Scope;
  expiresAt: Date;
}

const notFound = () => new NotFoundError('This authorization request is unknown, expired or already answered');

@Injectable()
export class OAuthConsentService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Database) private readonly db: Database,
    @Inject(OAuthAuthorizationsRepository) private readonly authorizations: OAuthAuthorizationsRepository,
    @Inject(USERS_PORT) private readonly users: UsersPort,
  ) {}

  /** NotFoundError when unknown, expired or already answered. */
  async pending(requestId: string, now = new Date()): Promise<PendingAuthorization> {
    const request = await this.open(requestId, now);
    return {
      id: requestId,
      clientId: request.clientId,
      clientName: request.clientName,
      redirectUri: request.redirectUri,
      redirectHost: redirectHostOf(request.redirectUri),
      allLoopback: request.allLoopback,
      scope: request.scope,
      expiresAt: request.expiresAt,
    };
  }

  /**
   * The user approves for a workspace they are a member of (else NotFoundError, same as unknown) with
   * scope ≤ requested (write requested → read or write; read requested → read only, else ValidationError).
   * Issues the code (hashed, 60 s) and answers the redirect URL with code, state, iss. Single use.
   */
  async approve(
    requestId: string,
    input: { userId: string; workspaceId: string; scope: Scope },
    now = new Date(),
  ): Promise<string> {
    if (input.scope !== 'read' && input.scope !== 'write')
      throw ValidationError.field('scope', 'must be read or write');
    const request = await this.open(requestId, now);
    const ids = /^\d{1,19}$/;
    const membership =
      ids.test(input.userId) && ids.test(input.workspaceId)
        ? await this.users.findMembership(input.workspaceId, input.userId)
        : null;
    if (!membership) throw NotFoundError.of('workspace', input.workspaceId);
    if (!scopeAllowed(request.scope, input.scope)) {
      throw ValidationError.field('scope', 'the client asked for read access only; it cannot be granted write');
    }
    if (membership.role === 'viewer' && input.scope === 'write') {
      throw ValidationError.field('scope', 'a viewer of the workspace can grant read access only');
    }
    const code = randomToken(43);
    await this.db.transaction(async () => {
      if (!(await this.authorizations.markRequestAnswered(request.id, now))) throw notFound();
      await this.authorizations.insertCode(
        {
          codeHash: hashToken(code),
          clientId: request.clientId,
          clientName: request.clientName,
          userId: input.userId,
          workspaceId: input.workspaceId,
          scope: input.scope,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          resource: request.resource,
          expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
        },
        now,
      );
    });
    return responseUrl(request.redirectUri, { code, state: request.state, iss: this.config.oauthIssuer });
  }

  /** Answers the redirect URL with error=access_denied, state, iss. Single use. */
  async deny(requestId: string, _userId: string, now = new Date()): Promise<string> {
    const request = await this.open(requestId, now);
    if (!(await this.authorizations.markRequestAnswered(request.id, now))) throw notFound();
    return responseUrl(request.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied the authorization request',
      state: request.state,
      iss: this.config.oauthIssuer,
    });
  }

  private async open(requestId: string, now: Date): Promise<OAuthAuthorizationRequestEntity> {
    if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > 128) throw notFound();
    const request = await this.authorizations.findRequest(hashToken(requestId));
    if (!request || request.answeredAt || request.expiresAt <= now) throw notFound();
    return request;
  }
}
