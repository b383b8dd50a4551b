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

  /** Members of a workspace with their user records, owners first. */
  listMembers(workspaceId: string): Promise<MembershipEntity[]> {
    return this.db.repo(MembershipEntity).find({
      where: { workspaceId },
      relations: { user: true },
      order: { createdAt: 'ASC' },
    });
  }
}
