import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { ServiceContext } from '../common/context';
import { parseInput } from '../common/validation';
import { MutationRunner } from '../audit/mutation-runner';
import { MEMBER_ROLES, type MembershipEntity } from './membership.entity';
import type { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';

const addMemberSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email({ message: 'must be an e-mail address' })
    .max(320, { message: 'must be at most 320 characters' }),
  name: z.string().trim().max(256, { message: 'must be at most 256 characters' }).default(''),
  role: z.enum(MEMBER_ROLES, { message: `must be one of ${MEMBER_ROLES.join(', ')}` }),
});

export type AddMemberInput = z.input<typeof addMemberSchema>;

@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
  ) {}

  /** Adds a user (created when the e-mail is new) to the context's workspace with a role. */
  async addMember(
    ctx: ServiceContext,
    input: AddMemberInput,
  ): Promise<{ user: UserEntity; membership: MembershipEntity }> {
    const data = parseInput(addMemberSchema, input);
    return this.mutations.run(ctx, async (trail) => {
      const user =
        (await this.users.findByEmail(data.email)) ?? (await this.users.insert({ email: data.email, name: data.name }));
      const before = await this.users.findMembership(ctx.workspace.id, user.id);
      const membership = await this.users.upsertMembership(ctx.workspace.id, user.id, data.role);
      trail.record({
        action: before ? 'membership.update' : 'membership.create',
        entityType: 'membership',
        entityId: user.id,
        before: before ? { userId: user.id, email: user.email, role: before.role } : null,
        after: { userId: user.id, email: user.email, role: membership.role },
      });
      return { user, membership };
    });
  }

  listMembers(ctx: ServiceContext): Promise<MembershipEntity[]> {
    return this.users.listMembers(ctx.workspace.id);
  }
}
