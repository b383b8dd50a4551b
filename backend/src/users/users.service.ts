import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { InstallationContext, ServiceContext, WorkspaceRef } from '../common/context';
import { hashPassword, randomToken, verifyPassword } from '../common/crypto';
import { ForbiddenError, NotFoundError, PreconditionFailedError, UnauthorizedError } from '../common/errors';
import { isEntityId } from '../common/ids';
import { isSingleLine, NO_CONTROL_CHARACTERS, parseInput } from '../common/validation';
import { MutationRunner } from '../audit/mutation-runner';
import { toWorkspaceRef } from '../workspaces/workspaces.service';
import { MEMBER_ROLES, type MemberRole, type MembershipEntity } from './membership.entity';
import type { UserEntity } from './user.entity';
import { MemberRemoval } from './member-removal';
import { UsersRepository } from './users.repository';

/**
 * Password bounds: 12 characters is the floor NIST SP 800-63B suggests for a password that is the only
 * factor; 256 bounds the work scrypt is asked to do. Any printable character counts (spaces too, so
 * pass phrases work); control characters are refused, as in every other field.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

const passwordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine(isSingleLine, { error: NO_CONTROL_CHARACTERS });

const setPasswordSchema = z.object({ password: passwordSchema });

/** The one answer to a failed sign-in: it never says whether the e-mail exists or has a password. */
export const SIGN_IN_FAILED = 'Wrong e-mail or password';

/** Who may manage members and API keys of a workspace. */
export const MANAGER_ROLES: readonly MemberRole[] = ['owner', 'admin'];

export interface UserWorkspace {
  workspace: WorkspaceRef & { name: string };
  role: MemberRole;
}

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
  /** A hash of a random password, verified against when the e-mail is unknown so both cases cost one scrypt. */
  private decoy: Promise<string> | null = null;

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(MemberRemoval) private readonly memberRemoval: MemberRemoval,
  ) {}

  /**
   * Adds a user (created when the e-mail is new) to the context's workspace with a role. A signed-in
   * user must be an owner or admin there, and only owners make owners.
   */
  async addMember(
    ctx: ServiceContext,
    input: AddMemberInput,
  ): Promise<{ user: UserEntity; membership: MembershipEntity }> {
    const data = parseInput(addMemberSchema, input);
    const actorRole = await this.requireRole(ctx, MANAGER_ROLES);
    return this.mutations.run(ctx, async (trail) => {
      const user =
        (await this.users.findByEmail(data.email)) ?? (await this.users.insert({ email: data.email, name: data.name }));
      const before = await this.users.findMembership(ctx.workspace.id, user.id);
      if (actorRole !== 'owner' && (data.role === 'owner' || before?.role === 'owner')) {
        throw new ForbiddenError('Only an owner may make or change an owner');
      }
      if (before?.role === 'owner' && data.role !== 'owner') {
        const owners = await this.users.lockOwners(ctx.workspace.id);
        if (owners.length <= 1) throw new PreconditionFailedError('A workspace must keep at least one owner');
      }
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

  /**
   * Removes a member from the context's workspace and ends, in the same transaction, what they held
   * there (every OAuth connection they approved for it: see member-removal.ts). Owners and admins only; only an owner removes an owner; the last
   * owner stays. Anyone may remove themselves (leave), except the last owner.
   */
  async removeMember(ctx: ServiceContext, userId: string): Promise<void> {
    const self = ctx.actor.type === 'user' && ctx.actor.userId === userId;
    const actorRole = self ? await this.requireRole(ctx, MEMBER_ROLES) : await this.requireRole(ctx, MANAGER_ROLES);
    const afterCommit = await this.mutations.run(ctx, async (trail) => {
      const membership = isEntityId(userId) ? await this.users.findMembership(ctx.workspace.id, userId) : null;
      if (!membership) throw NotFoundError.of('member', userId);
      if (membership.role === 'owner') {
        if (actorRole !== 'owner') throw new ForbiddenError('Only an owner may remove an owner');
        const owners = await this.users.lockOwners(ctx.workspace.id);
        if (owners.length <= 1) throw new PreconditionFailedError('A workspace must keep at least one owner');
      }
      const user = await this.users.findById(userId);
      await this.users.deleteMembership(ctx.workspace.id, userId);
      trail.record({
        action: 'membership.delete',
        entityType: 'membership',
        entityId: userId,
        before: { userId, email: user?.email ?? null, role: membership.role },
        after: null,
      });
      return this.memberRemoval.run({ workspaceId: ctx.workspace.id, userId, trail });
    });
    // Each module's after-commit step (OAuth: cached tokens stop working on this node now; other nodes
    // hear of it from the database's notification).
    for (const step of afterCommit) step();
  }

  /**
   * The role of the context's actor in its workspace, refused (NotFound, as for any workspace one is not
   * in) unless it is one of `roles`. The installation itself (command line, first run) acts as an owner.
   */
  async requireRole(ctx: ServiceContext, roles: readonly MemberRole[]): Promise<MemberRole> {
    const actor = ctx.actor;
    if (actor.type === 'system') return 'owner';
    if (actor.type !== 'user') throw new ForbiddenError('Members are managed by people signed in to the dashboard');
    const membership = await this.users.findMembership(ctx.workspace.id, actor.userId);
    if (!membership) throw NotFoundError.of('workspace', ctx.workspace.slug);
    if (!roles.includes(membership.role)) {
      throw new ForbiddenError(`This needs the role ${roles.join(' or ')}; you are ${membership.role}`);
    }
    return membership.role;
  }

  /** The workspaces a user belongs to, with their role in each, oldest membership first. */
  async listWorkspacesOf(userId: string): Promise<UserWorkspace[]> {
    return (await this.users.listMembershipsOf(userId))
      .filter((m) => m.workspace)
      .map((m) => ({ workspace: { ...toWorkspaceRef(m.workspace!), name: m.workspace!.name }, role: m.role }));
  }

  async findByEmail(email: string): Promise<UserEntity> {
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw NotFoundError.of('user', email);
    return user;
  }

  async findById(userId: string): Promise<UserEntity> {
    const user = isEntityId(userId) ? await this.users.findById(userId) : null;
    if (!user) throw NotFoundError.of('user', userId);
    return user;
  }

  /**
   * Sets a user's password (scrypt, random salt). Audited as `user.update` in each workspace the user
   * belongs to (the audit log is per workspace); never the password or its hash.
   */
  async setPassword(ctx: InstallationContext, userId: string, input: { password: unknown }): Promise<void> {
    const { password } = parseInput(setPasswordSchema, input);
    const user = await this.findById(userId);
    const passwordHash = await hashPassword(password);
    await this.mutations.run(ctx, async (trail) => {
      await this.users.setPasswordHash(user.id, passwordHash);
      const memberships = await this.users.listMembershipsOf(user.id);
      for (const m of memberships) {
        trail.record({
          action: 'user.update',
          entityType: 'user',
          entityId: user.id,
          workspaceId: m.workspaceId,
          before: { userId: user.id, email: user.email, canSignIn: user.passwordHash !== null },
          after: { userId: user.id, email: user.email, canSignIn: true },
        });
      }
      // A user in no workspace has no audit log to write to.
      if (memberships.length === 0) trail.unchanged();
    });
  }

  /**
   * The user with this e-mail and password, or UnauthorizedError with one message for every failure.
   * An unknown e-mail, or a user without a password, still costs one scrypt, so the answer's time does
   * not tell which e-mails exist.
   */
  async verifyPassword(email: string, password: string): Promise<UserEntity> {
    const user =
      typeof email === 'string' && email.length <= 320
        ? await this.users.findByEmail(email.trim().toLowerCase())
        : null;
    const candidate = typeof password === 'string' && password.length <= PASSWORD_MAX_LENGTH ? password : '';
    const stored = user?.passwordHash ?? (await (this.decoy ??= hashPassword(randomToken(32))));
    const matches = await verifyPassword(candidate, stored);
    if (!user?.passwordHash || !matches || !candidate) throw new UnauthorizedError(SIGN_IN_FAILED);
    return user;
  }
}
