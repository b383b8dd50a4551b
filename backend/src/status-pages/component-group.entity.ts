import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn, UpdatedAt } from '../database/columns';
import { StatusPageEntity } from './status-page.entity';

/** SPEC §2.8. */
@Entity('page_component_groups')
@Check('ck_page_component_groups_name', 'char_length("name") >= 1')
export class ComponentGroupEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  @Index('ix_page_component_groups_page')
  @RefColumn()
  pageId!: string;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @ManyToOne(() => StatusPageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: StatusPageEntity;
}
