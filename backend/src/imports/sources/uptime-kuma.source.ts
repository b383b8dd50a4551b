// The Uptime Kuma importer's parser (issue 30): a kuma.db of Kuma 1.23 or 2.x, read-only, to the
// import model. Monitors (uptime-kuma-monitors.ts), notifications as channels
// (uptime-kuma-notifications.ts), status pages and maintenances (uptime-kuma-pages.ts).
import type { ImportModel, ImportSourceParser } from '../import-model';
import { readKumaDatabase } from './uptime-kuma-database';
import { mapMonitors } from './uptime-kuma-monitors';
import { mapNotifications } from './uptime-kuma-notifications';
import { mapPages } from './uptime-kuma-pages';

/** The model of a Kuma database; `now` anchors the occurrences of recurring maintenances. */
export function parseUptimeKuma(file: Uint8Array, now: Date = new Date()): ImportModel {
  const rows = readKumaDatabase(file);
  const monitors = mapMonitors(rows);
  const mapped = new Set(monitors.monitors.map((m) => m.sourceKey));
  const channels = mapNotifications(rows, mapped);
  const pages = mapPages(rows, mapped, now);
  return {
    source: 'uptime-kuma',
    findings: [...monitors.findings, ...channels.findings, ...pages.findings],
    monitors: monitors.monitors,
    channels: channels.channels,
    statusPages: pages.statusPages,
    maintenances: pages.maintenances,
  };
}

export const parseUptimeKumaFile: ImportSourceParser = (file) => parseUptimeKuma(file);
