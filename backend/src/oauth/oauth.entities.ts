// Tables of the OAuth 2.1 authorization server that protects /mcp (SPEC §3, §5.1).
// Codes and tokens are stored only as SHA-256 hashes.
import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, Timestamp } from '../database/columns';
import type { Scope } from '../common/context';
import { UserEntity } from '../users/user.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** A dynamically registered public client (RFC 7591). Metadata-document clients are not stored here. */
@Entity('oauth_clients')
export class OAuthClientEntity {
  @IdColumn()
  id!: string;

  @Index('uq_oauth_clients_client_id', { unique: true })
  @Column({ type: 'varchar', length: 2048 })
  clientId!: string;

  @Column({ type: 'varchar', length: 256, default: '' })
  clientName!: string;

  @Column({ type: 'text', array: true })
  redirectUris!: string[];

  /** The registration request as accepted, for the registration response. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata!: Record<string, unknown>;

  @CreatedAt()
  createdAt!: Date;
}

/** A user's consent for one client on one workspace. At most one live grant per client and user. */
@Entity('oauth_grants')
@Check('ck_oauth_grants_scope', `"scope" IN ('read', 'write')`)
@Index('uq_oauth_grants_live', ['clientId', 'userId'], { unique: true, where: 'revoked_at IS NULL' })
export class OAuthGrantEntity {
  @IdColumn()
  id!: string;

  @Column({ type: 'varchar', length: 2048 })
  clientId!: string;

  @Column({ type: 'varchar', length: 256, default: '' })
  clientName!: string;

  @RefColumn()
  userId!: string;

  @Index('ix_oauth_grants_workspace')
  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 8 })
  scope!: Scope;

  @Timestamp({ nullable: true })
  lastUsedAt!: Date | null;

  @Timestamp({ nullable: true })
  revokedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}

@Entity('oauth_authorization_codes')
export class OAuthAuthorizationCodeEntity {
  @IdColumn()
  id!: string;

  @Index('uq_oauth_authorization_codes_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  codeHash!: string;

  @Column({ type: 'varchar', length: 2048 })
  clientId!: string;

  @RefColumn()
  userId!: string;

  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 8 })
  scope!: Scope;

  @Column({ type: 'text' })
  redirectUri!: string;

  /** PKCE S256 challenge. */
  @Column({ type: 'varchar', length: 128 })
  codeChallenge!: string;

  @Column({ type: 'text', nullable: true })
  resource!: string | null;

  /** The client's name at consent, for the grant the code creates (metadata documents are not stored). */
  @Column({ type: 'varchar', length: 256, default: '' })
  clientName!: string;

  /** The grant the code was exchanged for: a replayed code revokes it. */
  @RefColumn({ nullable: true })
  grantId!: string | null;

  @Timestamp()
  expiresAt!: Date;

  @Timestamp({ nullable: true })
  consumedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;
}

/**
 * An authorization request that passed /oauth/authorize and waits for the user at the consent screen.
 * Its id in the consent URL is random and stored only hashed; answered once (approve or deny).
 */
@Entity('oauth_authorization_requests')
@Check('ck_oauth_authorization_requests_scope', `"scope" IN ('read', 'write')`)
export class OAuthAuthorizationRequestEntity {
  @IdColumn()
  id!: string;

  @Index('uq_oauth_authorization_requests_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  requestHash!: string;

  @Column({ type: 'varchar', length: 2048 })
  clientId!: string;

  @Column({ type: 'varchar', length: 256, default: '' })
  clientName!: string;

  @Column({ type: 'text' })
  redirectUri!: string;

  /** Whether every redirect URI of the client is on loopback (the consent screen warns). */
  @Column({ type: 'boolean', default: false })
  allLoopback!: boolean;

  @Column({ type: 'varchar', length: 128 })
  codeChallenge!: string;

  @Column({ type: 'text', nullable: true })
  state!: string | null;

  @Column({ type: 'varchar', length: 8 })
  scope!: Scope;

  @Column({ type: 'text', nullable: true })
  resource!: string | null;

  @Timestamp()
  expiresAt!: Date;

  @Timestamp({ nullable: true })
  answeredAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;
}

export const OAUTH_TOKEN_KINDS = ['access', 'refresh'] as const;
export type OAuthTokenKind = (typeof OAUTH_TOKEN_KINDS)[number];

@Entity('oauth_tokens')
@Check('ck_oauth_tokens_kind', `"kind" IN ('access', 'refresh')`)
export class OAuthTokenEntity {
  @IdColumn()
  id!: string;

  @Index('ix_oauth_tokens_grant')
  @RefColumn()
  grantId!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: OAuthTokenKind;

  @Index('uq_oauth_tokens_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  @Timestamp()
  expiresAt!: Date;

  /** Refresh tokens: set when rotated or revoked. */
  @Timestamp({ nullable: true })
  revokedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => OAuthGrantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'grant_id' })
  grant?: OAuthGrantEntity;
}
