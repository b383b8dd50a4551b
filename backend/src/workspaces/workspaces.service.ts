import { Inject, Injectable } from '@nestjs/common';
import { slugOf } from '../common/slugs';
import { z } from 'zod';
import type { InstallationContext, WorkspaceRef } from '../common/context';
import { ConflictError, NotFoundError } from '../common/errors';
import { parseInput } from '../common/validation';
import { MutationRunner } from '../audit/mutation-runner';
import { PLAN_NAMES } from '../plans/plans';
import type { WorkspaceEntity } from './workspace.entity';
import { WorkspacesRepository } from './workspaces.repository';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const createSchema = z.object({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'must be 1 to 256 characters' })
    .max(256, { message: 'must be 1 to 256 characters' }),
  slug: z
    .string()
    .max(64, { message: 'must be at most 64 characters' })
    .regex(SLUG, { message: 'must be lower-case letters, digits and single dashes, e.g. acme-prod' })
    .optional(),
  plan: z.enum(PLAN_NAMES, { message: `must be one of ${PLAN_NAMES.join(', ')}` }).default('pro'),
});

export type CreateWorkspaceInput = z.input<typeof createSchema>;

export interface WorkspaceView {
  id: string;
  slug: string;
  name: string;
  plan: string;
  createdAt: string;
}

export function toWorkspaceView(w: WorkspaceEntity): WorkspaceView {
  return { id: w.id, slug: w.slug, name: w.name, plan: w.plan, createdAt: w.createdAt.toISOString() };
}

export function toWorkspaceRef(w: WorkspaceEntity): WorkspaceRef {
  return { id: w.id, slug: w.slug, plan: w.plan };
}

export function slugify(name: string): string {
  return slugOf(name, 48) || 'workspace';
}

@Injectable()
export class WorkspacesService {
  constructor(
    @Inject(WorkspacesRepository) private readonly workspaces: WorkspacesRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
  ) {}

  async create(ctx: InstallationContext, input: CreateWorkspaceInput): Promise<WorkspaceEntity> {
    const data = parseInput(createSchema, input);
    return this.mutations.run(ctx, async (trail) => {
      let slug = data.slug;
      if (slug) {
        if (await this.workspaces.findBySlug(slug))
          throw new ConflictError(`slug: workspace ${JSON.stringify(slug)} already exists`);
      } else {
        slug = await this.freeSlug(slugify(data.name));
      }
      const workspace = await this.workspaces.insert({ name: data.name, slug, plan: data.plan });
      trail.record({
        action: 'workspace.create',
        entityType: 'workspace',
        entityId: workspace.id,
        workspaceId: workspace.id,
        after: { ...toWorkspaceView(workspace) },
      });
      return workspace;
    });
  }

  /** Finds a workspace by id or slug (installation-level lookup for the command line). */
  async resolve(idOrSlug: string): Promise<WorkspaceEntity> {
    const found = /^\d+$/.test(idOrSlug)
      ? ((await this.workspaces.findById(idOrSlug)) ?? (await this.workspaces.findBySlug(idOrSlug)))
      : await this.workspaces.findBySlug(idOrSlug);
    if (!found) throw NotFoundError.of('workspace', idOrSlug);
    return found;
  }

  list(): Promise<WorkspaceEntity[]> {
    return this.workspaces.list();
  }

  count(): Promise<number> {
    return this.workspaces.count();
  }

  private async freeSlug(base: string): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await this.workspaces.findBySlug(candidate))) return candidate;
    }
  }
}
