import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, IdColumn, UpdatedAt } from '../database/columns';

@Entity('users')
export class UserEntity {
  @IdColumn()
  id!: string;

  /** Stored lower-cased; unique across the installation. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 256, default: '' })
  name!: string;

  /** scrypt hash; null until the user sets a password. */
  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;
}
