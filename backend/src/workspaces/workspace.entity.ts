import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, IdColumn, UpdatedAt } from '../database/columns';

@Entity('workspaces')
export class WorkspaceEntity {
  @IdColumn()
  id!: string;

  @Index('uq_workspaces_slug', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  slug!: string;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  /** A key of PLANS; features and limits come from the plan. */
  @Column({ type: 'varchar', length: 32, default: 'pro' })
  plan!: string;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;
}
