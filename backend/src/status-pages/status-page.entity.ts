import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, UpdatedAt } from '../database/columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

export const ACCESS_TYPES = ['public', 'password', 'email-domain', 'ip-restriction'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** At most this many origins may frame a status page (`embedOrigins`). */
export const MAX_EMBED_ORIGINS = 10;

/**
 * The period of the per-component uptime figure a public page shows (SLA rules, maintenance left
 * out): off (the default: the page shows none), the last 30 or 90 days, or the current calendar month
 * or quarter in UTC.
 */
export const UPTIME_PERIODS = ['off', '30d', '90d', 'month', 'quarter'] as const;
export type UptimePeriod = (typeof UPTIME_PERIODS)[number];

export interface CustomTheme {
  light?: Record<string, string>;
  dark?: Record<string, string>;
}

/** SPEC §2.6. The page password is stored as a scrypt hash. */
@Entity('status_pages')
@Check('ck_status_pages_access_type', oneOf('access_type', ACCESS_TYPES))
@Check('ck_status_pages_title', 'char_length("title") >= 1')
@Check('ck_status_pages_slug', 'char_length("slug") >= 1')
@Check('ck_status_pages_password', `"access_type" <> 'password' OR "password_hash" IS NOT NULL`)
@Check('ck_status_pages_embed_origins', `cardinality("embed_origins") <= ${MAX_EMBED_ORIGINS}`)
@Check('ck_status_pages_uptime_period', oneOf('uptime_period', UPTIME_PERIODS))
export class StatusPageEntity {
  @IdColumn()
  id!: string;

  @Index('ix_status_pages_workspace')
  @RefColumn()
  workspaceId!: string;

  @Column({ type: 'varchar', length: 256 })
  title!: string;

  /** Part of the public URL, so unique across the installation. */
  @Index('uq_status_pages_slug', { unique: true })
  @Column({ type: 'varchar', length: 256 })
  slug!: string;

  @Column({ type: 'varchar', length: 1024, default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  homepageUrl!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  contactUrl!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  icon!: string | null;

  @Index('uq_status_pages_custom_domain', { unique: true, where: 'custom_domain IS NOT NULL' })
  @Column({ type: 'varchar', length: 253, nullable: true })
  customDomain!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'public' })
  accessType!: AccessType;

  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  authEmailDomains!: string[];

  /** Comma-separated IPv4 CIDR ranges, as given. */
  @Column({ type: 'text', nullable: true })
  allowedIpRanges!: string | null;

  @Column({ type: 'varchar', length: 64, default: 'default' })
  theme!: string;

  @Column({ type: 'jsonb', nullable: true })
  customTheme!: CustomTheme | null;

  @Column({ type: 'varchar', length: 16, default: 'en' })
  defaultLocale!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  locales!: string[];

  @Column({ type: 'boolean', default: true })
  allowIndex!: boolean;

  /**
   * Origins (`https://host[:port]`) whose pages may show this page in a frame; none by default. The
   * page's forms (access, subscribe) never may: they would invite clickjacking.
   */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  embedOrigins!: string[];

  /** The uptime figure each monitored component shows on the public page (UPTIME_PERIODS). */
  @Column({ type: 'varchar', length: 16, default: 'off' })
  uptimePeriod!: UptimePeriod;

  @Column({ type: 'boolean', default: true })
  published!: boolean;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}
