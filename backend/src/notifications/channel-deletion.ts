// What happens elsewhere when a notification channel is deleted: a resource that names channels by
// id without a foreign key (an escalation policy's steps) registers how to drop them, and the channel's
// deletion runs the hooks in its own transaction. The hooks live here so the notifications module
// need not import the modules that name its channels (they import it).
import { Injectable } from '@nestjs/common';

type Hook = (workspaceId: string, channelId: string) => Promise<void>;

@Injectable()
export class ChannelDeletion {
  private readonly hooks: Hook[] = [];

  /** Registers how a resource drops its references to a deleted channel. */
  onDelete(hook: Hook): void {
    this.hooks.push(hook);
  }

  async run(workspaceId: string, channelId: string): Promise<void> {
    for (const hook of this.hooks) await hook(workspaceId, channelId);
  }
}
