import { Inject, Injectable } from '@nestjs/common';
import { ConflictError } from '../common/errors';
import { Database } from '../database/database';
import { isUniqueViolation } from '../database/pg-errors';
import { WorkspaceEntity } from './workspace.entity';

@Injectable()
export class WorkspacesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async insert(values: Pick<WorkspaceEntity, 'name' | 'slug' | 'plan'>): Promise<WorkspaceEntity> {
    const repo = this.db.repo(WorkspaceEntity);
    try {
      return await repo.save(repo.create(values));
    } catch (error) {
      if (isUniqueViolation(error, 'uq_workspaces_slug')) {
        throw new ConflictError(`slug: workspace ${JSON.stringify(values.slug)} already exists`);
      }
      throw error;
    }
  }

  findById(id: string): Promise<WorkspaceEntity | null> {
    return this.db.repo(WorkspaceEntity).findOneBy({ id });
  }

  findBySlug(slug: string): Promise<WorkspaceEntity | null> {
    return this.db.repo(WorkspaceEntity).findOneBy({ slug });
  }

  list(): Promise<WorkspaceEntity[]> {
    return this.db.repo(WorkspaceEntity).find({ order: { id: 'ASC' } });
  }

  count(): Promise<number> {
    return this.db.repo(WorkspaceEntity).count();
  }
}
