// What happens elsewhere when a member leaves a workspace. Each module that holds something a member
// approved (OAuth grants today) registers how to end it; the users service runs the hooks inside the
// removal's transaction, with its audit trail, and their `afterCommit` steps once it is committed. Its
// own module, so those modules need not be imported by the users module, nor it by them.
import { Injectable, Module } from '@nestjs/common';
import type { AuditTrail } from '../audit/mutation-runner';

export interface MemberRemoved {
  workspaceId: string;
  userId: string;
  /** The removal's audit trail: what a hook ends is recorded in the same transaction. */
  trail: AuditTrail;
}

/** Ends what the member held; answers what to do once the removal is committed, if anything. */
export type MemberRemovalHook = (removed: MemberRemoved) => Promise<(() => void) | null>;

@Injectable()
export class MemberRemoval {
  private readonly hooks: MemberRemovalHook[] = [];

  onRemove(hook: MemberRemovalHook): void {
    this.hooks.push(hook);
  }

  /** Runs every hook (inside the caller's transaction) and returns their after-commit steps. */
  async run(removed: MemberRemoved): Promise<Array<() => void>> {
    const after: Array<() => void> = [];
    for (const hook of this.hooks) {
      const step = await hook(removed);
      if (step) after.push(step);
    }
    return after;
  }
}

@Module({ providers: [MemberRemoval], exports: [MemberRemoval] })
export class MemberRemovalModule {}
