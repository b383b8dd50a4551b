import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { oneOf } from '../database/checks';
import { CreatedAt, IdColumn, RefColumn, Timestamp } from '../database/columns';
import { StatusPageEntity } from '../status-pages/status-page.entity';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * An e-mail subscriber of a status page. The confirm/unsubscribe token is kept only as a hash;
 * the link in each mail carries the plain token.
 */
@Entity('page_subscribers')
@Check('ck_page_subscribers_status', oneOf('status', SUBSCRIBER_STATUSES))
@Index('uq_page_subscribers_email', ['pageId', 'email'], { unique: true })
@Index('ix_page_subscribers_page_status', ['pageId', 'status', 'id'])
export class PageSubscriberEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @RefColumn()
  pageId!: string;

  /** Lowercased. */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: SubscriberStatus;

  @Index('uq_page_subscribers_token', { unique: true })
  @Column({ type: 'char', length: 64 })
  tokenHash!: string;

  @Timestamp({ nullable: true })
  confirmedAt!: Date | null;

  @Timestamp({ nullable: true })
  unsubscribedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => StatusPageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: StatusPageEntity;
}
