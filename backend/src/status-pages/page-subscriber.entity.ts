import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, Timestamp } from '../database/columns';
import { StatusPageEntity } from './status-page.entity';

/**
 * An e-mail subscriber of a status page. The confirm/unsubscribe token is kept only as a hash;
 * the link in each mail carries the plain token.
 */
@Entity('page_subscribers')
@Index('uq_page_subscribers_email', ['pageId', 'email'], { unique: true })
export class PageSubscriberEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @RefColumn()
  pageId!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

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
