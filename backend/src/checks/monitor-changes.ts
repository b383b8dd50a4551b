// What happens elsewhere when a monitor is created or changed. A resource that keeps state derived
// from a monitor's settings (a heartbeat's next deadline follows its schedule and grace) registers a
// hook, and the monitors service runs the hooks in the save's transaction, so the state never lags the
// settings. Its own module, like monitor-deletion.ts, so those resources need not import the monitors
// module, nor it theirs.
import { Injectable, Module } from '@nestjs/common';
import type { HeartbeatConfig, MonitorKind } from './check-config';

/** The monitor as saved: what a hook may need of it. */
export interface SavedMonitor {
  id: string;
  workspaceId: string;
  kind: MonitorKind;
  active: boolean;
  heartbeat: HeartbeatConfig | null;
}

@Injectable()
export class MonitorChanges {
  private readonly hooks: Array<(monitor: SavedMonitor, now: Date) => Promise<void>> = [];

  /** Registers what a resource does when a monitor is created or updated. */
  onSaved(hook: (monitor: SavedMonitor, now: Date) => Promise<void>): void {
    this.hooks.push(hook);
  }

  async saved(monitor: SavedMonitor, now = new Date()): Promise<void> {
    for (const hook of this.hooks) await hook(monitor, now);
  }
}

@Module({ providers: [MonitorChanges], exports: [MonitorChanges] })
export class MonitorChangesModule {}
