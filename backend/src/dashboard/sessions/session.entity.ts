// Dashboard sign-in state: sessions and one-time sign-in links. Both hold only SHA-256 hashes of their
// random tokens; the plain token lives in the browser's cookie or in the printed link.
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, Timestamp } from '../../database/columns';
import { UserEntity } from '../../users/user.entity';

@Entity('dashboard_sessions')
export class DashboardSessionEntity {
  @IdColumn()
  id!: string;

  @Index('uq_dashboard_sessions_token_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  @Index('ix_dashboard_sessions_user')
  @RefColumn()
  userId!: string;

  @CreatedAt()
  createdAt!: Date;

  /** Last request seen, written at most once a minute; the idle expiry counts from it. */
  @Timestamp()
  lastSeenAt!: Date;

  /** The absolute expiry: the session ends then whatever its use. */
  @Timestamp()
  expiresAt!: Date;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;
}

/** A one-time link that lets a user without a password choose one and signs them in (first start). */
@Entity('sign_in_links')
export class SignInLinkEntity {
  @IdColumn()
  id!: string;

  @Index('uq_sign_in_links_token_hash', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  @Index('ix_sign_in_links_user')
  @RefColumn()
  userId!: string;

  @CreatedAt()
  createdAt!: Date;

  @Timestamp()
  expiresAt!: Date;

  @Timestamp({ nullable: true })
  usedAt!: Date | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;
}
