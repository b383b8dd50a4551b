import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { Timestamp } from '../database/columns';

/**
 * Recent subscription mails of one subject (a recipient address, or the subscribe form of one page),
 * kept in the database so every API node counts the same sends. The key is a SHA-256 of the subject:
 * the table never holds an address. `sentAt` lists the sends of the last hour only.
 */
@Entity('subscription_mail_quotas')
export class SubscriptionMailQuotaEntity {
  @PrimaryColumn({ type: 'char', length: 64 })
  key!: string;

  @Column({ type: 'timestamptz', array: true })
  sentAt!: Date[];

  /** When the newest send leaves the window: the row may be deleted then. */
  @Index('ix_subscription_mail_quotas_expires')
  @Timestamp()
  expiresAt!: Date;
}
