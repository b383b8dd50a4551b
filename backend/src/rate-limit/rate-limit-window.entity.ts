import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Timestamp } from '../database/columns';

/**
 * Calls per credential in one fixed window, for the shared rate-limit store (RATE_LIMIT_STORE=database)
 * that several API nodes consult. The key is a SHA-256 of the credential, never the credential.
 */
@Entity('rate_limit_windows')
export class RateLimitWindowEntity {
  @PrimaryColumn({ type: 'char', length: 64 })
  key!: string;

  @PrimaryColumn({ type: 'timestamptz', name: 'window_start' })
  windowStart!: Date;

  @Column({ type: 'int' })
  count!: number;

  @Timestamp()
  expiresAt!: Date;
}
