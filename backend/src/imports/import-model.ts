// What an importer reads out of another tool's configuration (issue 30), before anything is written:
// one neutral model for every source. A source parser (sources/*.source.ts) turns a file into this
// model and says, per item, what maps only approximately and what cannot be mapped and why; the plan
// (import-plan.ts) compares the model with what the workspace already holds; apply writes it through
// the resources' own service verbs, in one transaction.
//
// Every item carries a `sourceKey`: a stable name of the item in its source (Kuma's row id, Gatus's
// group and endpoint name, OpenStatus's monitor key), recorded with what it created, so a second run
// of the same file matches instead of creating again. References between items (a channel's monitors,
// a component's monitor, a maintenance's components) are by source key too; apply resolves them to ids.
import type { MonitorKind } from '../checks/check-config';
import type { MonitorInput } from '../monitors/monitors.service';
import type { ProviderBlock } from '../notifications/notification.schemas';

export const IMPORT_SOURCES = ['uptime-kuma', 'gatus', 'openstatus'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_ITEM_KINDS = [
  'monitor',
  'channel',
  'status_page',
  'component_group',
  'component',
  'maintenance',
] as const;
export type ImportItemKind = (typeof IMPORT_ITEM_KINDS)[number];

/**
 * Something the plan must tell before writing: `approximate` (created, but not exactly as the source
 * had it: an interval rounded, a regex rewritten) or `unmappable` (a part of the item, or the whole
 * item, that has no equivalent here; never dropped silently). `field` names the source's field.
 */
export interface ImportFinding {
  level: 'approximate' | 'unmappable';
  field?: string;
  message: string;
}

interface ImportedItem {
  /** Stable within the source; unique per kind within one model. */
  sourceKey: string;
  /** How the source names the item, for the plan (e.g. "monitor 12 “API”"). */
  label: string;
  findings: ImportFinding[];
}

export interface ImportedMonitor extends ImportedItem {
  kind: MonitorKind;
  /** As the monitors service takes it; `active` is set by apply (--activate), not here. */
  input: Omit<MonitorInput, 'active' | 'alerting'> & {
    alerting?: Omit<NonNullable<MonitorInput['alerting']>, 'escalationPolicyId' | 'parentMonitorIds'>;
  };
  /** Source keys of monitors this one depends on (Kuma's parent groups are not monitors: none). */
  parentKeys?: string[];
  /** A heartbeat monitor's existing ping token, kept so the jobs pinging it need only a new host. */
  pingToken?: string;
}

export interface ImportedChannel extends ImportedItem {
  name: string;
  /** Arguments as the notifications service validates them; secrets travel here and are sealed on create. */
  provider: ProviderBlock;
  /** Source keys of the monitors that alert through this channel. */
  monitorKeys: string[];
}

export interface ImportedComponent extends ImportedItem {
  name: string;
  description?: string;
  /** A component showing a monitor's status; absent: a static component. */
  monitorKey?: string;
  order: number;
}

export interface ImportedComponentGroup extends ImportedItem {
  name: string;
  order: number;
  components: ImportedComponent[];
}

export interface ImportedStatusPage extends ImportedItem {
  title: string;
  /** Wanted slug; apply makes it unique in the installation (reported when changed). */
  slug: string;
  description?: string;
  /** Components outside any group. */
  components: ImportedComponent[];
  groups: ImportedComponentGroup[];
}

export interface ImportedMaintenance extends ImportedItem {
  /** Source key of the page it is shown on. */
  pageKey: string;
  title: string;
  message: string;
  from: Date;
  to: Date;
  /** Source keys of the components (on that page) it covers. */
  componentKeys: string[];
}

export interface ImportModel {
  source: ImportSource;
  /** Findings about the file as a whole (a section with no equivalent, a version read). */
  findings: ImportFinding[];
  monitors: ImportedMonitor[];
  channels: ImportedChannel[];
  statusPages: ImportedStatusPage[];
  maintenances: ImportedMaintenance[];
}

/**
 * A source parser: the file's bytes (and, for Gatus, the environment it substitutes) to the model. A file
 * that is not what the source reads (not SQLite, not YAML, an unknown schema) throws
 * `ValidationError.field('file', <why>)`: nothing is planned.
 */
export type ImportSourceParser = (
  file: Uint8Array,
  options: { env: Readonly<Record<string, string | undefined>> },
) => ImportModel | Promise<ImportModel>;
