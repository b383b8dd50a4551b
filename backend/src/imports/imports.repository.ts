import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { ImportedResourceEntity } from './imported-resource.entity';
import type { ImportItemKind, ImportSource } from './import-model';

export interface ImportedRecord {
  itemKind: ImportItemKind;
  sourceKey: string;
  resourceId: string;
}

@Injectable()
export class ImportsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** Everything imported from `source` into the workspace before. */
  async recorded(workspaceId: string, source: ImportSource): Promise<ImportedRecord[]> {
    const rows = await this.db
      .repo(ImportedResourceEntity)
      .find({ where: { workspaceId, source }, order: { id: 'ASC' } });
    return rows.map((r) => ({
      itemKind: r.itemKind as ImportItemKind,
      sourceKey: r.sourceKey,
      resourceId: r.resourceId,
    }));
  }

  /** Records what an item created (inside the import's transaction). */
  async record(workspaceId: string, source: ImportSource, item: ImportedRecord): Promise<void> {
    await this.db.rows(
      `INSERT INTO imported_resources (workspace_id, source, item_kind, source_key, resource_id)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (workspace_id, source, item_kind, source_key) DO NOTHING`,
      [workspaceId, source, item.itemKind, item.sourceKey, item.resourceId],
    );
  }
}
