import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { MembershipEntity, type MemberRole } from './membership.entity';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.db.repo(UserEntity).findOneBy({ email });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.db.repo(UserEntity).findOneBy({ id });
  }

  insert(values: Pick<UserEntity, 'email' | 'name'>): Promise<UserEntity> {
    const repo = this.db.repo(UserEntity);
    return repo.save(repo.create({ ...values, passwordHash: null }));
  }

  findMembership(workspaceId: string, userId: string): Promise<MembershipEntity | null> {
    return this.db.repo(MembershipEntity).findOneBy({ workspaceId, userId });
  }

  async upsertMembership(workspaceId: string, userId: string, role: MemberRole): Promise<MembershipEntity> {
    await this.db.repo(MembershipEntity).upsert({ workspaceId, userId, role }, ['workspaceId', 'userId']);
    return (await this.findMembership(workspaceId, userId))!;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.repo(UserEntity).update({ id: userId }, { passwordHash });
  }

  /** The user's memberships with their workspaces, oldest first (the first is the default workspace). */
  listMembershipsOf(userId: string): Promise<MembershipEntity[]> {
    return this.db.repo(MembershipEntity).find({
      where: { userId },
      relations: { workspace: true },
      order: { createdAt: 'ASC', workspaceId: 'ASC' },
    });
  }

  async deleteMembership(workspaceId: string, userId: string): Promise<void> {
    await this.db.repo(MembershipEntity).delete({ workspaceId, userId });
  }

  /** Owners of the workspace, locked until the transaction ends so two removals cannot both pass the last-owner rule. */
  async lockOwners(workspaceId: string): Promise<string[]> {
    const rows = await this.db.rows<{ user_id: string }>(
      `SELECT user_id FROM memberships WHERE workspace_id = $1 AND role = 'owner' FOR UPDATE`,
      [workspaceId],
    );
    return rows.map((r) => String(r.user_id));
  }

  /** Members of a workspace with their user records, owners first. */
  listMembers(workspaceId: string): Promise<MembershipEntity[]> {
    return this.db.repo(MembershipEntity).find({
      where: { workspaceId },
      relations: { user: true },
      order: { createdAt: 'ASC' },
    });
  }
}
