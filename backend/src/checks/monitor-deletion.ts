// What happens elsewhere when a monitor is deleted. A monitor is only marked deleted (its history
// stays), so no foreign-key cascade runs: each resource that links to monitors (notification
// channels, private locations, location statuses) registers how to drop its own links, and the
// monitors repository runs them in the deletion's transaction. Its own module, so those resources
// need not import the monitors module, nor it theirs.
import { Injectable, Module } from '@nestjs/common';

@Injectable()
export class MonitorDeletion {
  private readonly hooks: Array<(monitorId: string) => Promise<void>> = [];

  /** Registers how a resource drops its links to a deleted monitor. */
  onDelete(hook: (monitorId: string) => Promise<void>): void {
    this.hooks.push(hook);
  }

  async run(monitorId: string): Promise<void> {
    for (const hook of this.hooks) await hook(monitorId);
  }
}

@Module({ providers: [MonitorDeletion], exports: [MonitorDeletion] })
export class MonitorDeletionModule {}
