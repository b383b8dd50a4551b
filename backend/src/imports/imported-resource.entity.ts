import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, IdColumn, RefColumn } from '../database/columns';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/**
 * What an import created, by the item's stable key in its source (issue 30): a second run of the same
 * file finds each item here and matches it instead of creating it again. The resource id is no foreign
 * key (the resources live in several tables): a resource deleted since is found gone by its own verb.
 */
@Entity('imported_resources')
@Index('uq_imported_resources_key', ['workspaceId', 'source', 'itemKind', 'sourceKey'], { unique: true })
export class ImportedResourceEntity {
  @IdColumn()
  id!: string;

  @RefColumn()
  workspaceId!: string;

  /** uptime-kuma, gatus or openstatus. */
  @Column({ type: 'varchar', length: 32 })
  source!: string;

  /** monitor, channel, status_page, component_group, component or maintenance. */
  @Column({ type: 'varchar', length: 32 })
  itemKind!: string;

  @Column({ type: 'varchar', length: 512 })
  sourceKey!: string;

  @Column({ type: 'bigint' })
  resourceId!: string;

  @CreatedAt()
  createdAt!: Date;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: WorkspaceEntity;
}
