// The plan of an import (issue 30): what will be created, what an earlier run of the same file
// created already (matched by source key), what maps only approximately, what cannot be mapped and
// why. Pure: the model and what the workspace holds in, the plan out; the CLI, RPC, MCP and the
// dashboard all show this one plan before anything is written.
import type {
  ImportFinding,
  ImportItemKind,
  ImportModel,
  ImportSource,
  ImportedComponent,
  ImportedStatusPage,
} from './import-model';

/**
 * `create`: new here. `match`: an earlier import created it (`resourceId`); nothing is written.
 * `skip`: an earlier import created it and it was deleted here since; not created again (`reason`).
 */
export type PlanAction = 'create' | 'match' | 'skip';

export interface PlanItem {
  kind: ImportItemKind;
  sourceKey: string;
  label: string;
  action: PlanAction;
  resourceId?: string;
  reason?: string;
  /** A heartbeat monitor's ping URL, in the answer of the apply that created it (shown this once). */
  pingUrl?: string;
  findings: ImportFinding[];
}

export interface ImportPlan {
  source: ImportSource;
  items: PlanItem[];
  /** About the file as a whole, and whole items that have no equivalent (left out of `items`). */
  findings: ImportFinding[];
  counts: { create: number; match: number; skip: number; approximate: number; unmappable: number };
}

/** What an earlier import of the same source recorded, by `${kind}:${sourceKey}`: the id and whether it still exists. */
export type RecordedItems = ReadonlyMap<string, { resourceId: string; live: boolean }>;

export const itemKey = (kind: ImportItemKind, sourceKey: string) => `${kind}:${sourceKey}`;

/** The items of a model in the order apply writes them (monitors, channels, pages, groups, components, maintenances). */
export function modelItems(model: ImportModel): Array<{
  kind: ImportItemKind;
  sourceKey: string;
  label: string;
  findings: ImportFinding[];
  /** Items that must exist for this one to be written (its page, its group). */
  needs: string[];
}> {
  const out: ReturnType<typeof modelItems> = [];
  for (const m of model.monitors) out.push({ kind: 'monitor', ...base(m), needs: [] });
  for (const c of model.channels) out.push({ kind: 'channel', ...base(c), needs: [] });
  for (const page of model.statusPages) out.push({ kind: 'status_page', ...base(page), needs: [] });
  for (const page of model.statusPages) {
    const pageKey = itemKey('status_page', page.sourceKey);
    for (const group of page.groups) out.push({ kind: 'component_group', ...base(group), needs: [pageKey] });
  }
  for (const page of model.statusPages) {
    for (const { component, groupKey } of componentsOf(page)) {
      out.push({ kind: 'component', ...base(component), needs: componentNeeds(page, component, groupKey) });
    }
  }
  for (const m of model.maintenances)
    out.push({ kind: 'maintenance', ...base(m), needs: [itemKey('status_page', m.pageKey)] });
  return out;
}

const base = (item: { sourceKey: string; label: string; findings: ImportFinding[] }) => ({
  sourceKey: item.sourceKey,
  label: item.label,
  findings: item.findings,
});

function componentNeeds(page: ImportedStatusPage, component: ImportedComponent, groupKey?: string): string[] {
  const needs = [itemKey('status_page', page.sourceKey)];
  if (groupKey) needs.push(itemKey('component_group', groupKey));
  if (component.monitorKey) needs.push(itemKey('monitor', component.monitorKey));
  return needs;
}

/** Every component of a page, those in groups with their group's key. */
export function componentsOf(page: ImportedStatusPage): Array<{ component: ImportedComponent; groupKey?: string }> {
  return [
    ...page.components.map((component) => ({ component })),
    ...page.groups.flatMap((group) => group.components.map((component) => ({ component, groupKey: group.sourceKey }))),
  ];
}

export function planImport(model: ImportModel, recorded: RecordedItems): ImportPlan {
  const items: PlanItem[] = [];
  /** Items that will not exist after apply (skipped), so what needs them is skipped too. */
  const missing = new Map<string, string>();
  for (const item of modelItems(model)) {
    const key = itemKey(item.kind, item.sourceKey);
    const before = recorded.get(key);
    const base = { kind: item.kind, sourceKey: item.sourceKey, label: item.label, findings: item.findings };
    if (before?.live) {
      items.push({ ...base, action: 'match', resourceId: before.resourceId });
      continue;
    }
    if (before) {
      const reason = `imported before as ${item.kind.replace('_', ' ')} ${before.resourceId}, deleted here since: not created again`;
      items.push({ ...base, action: 'skip', resourceId: before.resourceId, reason });
      missing.set(key, item.label);
      continue;
    }
    const gone = item.needs.find((need) => missing.has(need));
    if (gone) {
      const reason = `needs ${missing.get(gone)}, which is skipped`;
      items.push({ ...base, action: 'skip', reason });
      missing.set(key, item.label);
      continue;
    }
    items.push({ ...base, action: 'create' });
  }
  const everyFinding = [...model.findings, ...items.flatMap((i) => i.findings)];
  return {
    source: model.source,
    items,
    findings: model.findings,
    counts: {
      create: items.filter((i) => i.action === 'create').length,
      match: items.filter((i) => i.action === 'match').length,
      skip: items.filter((i) => i.action === 'skip').length,
      approximate: everyFinding.filter((f) => f.level === 'approximate').length,
      unmappable: everyFinding.filter((f) => f.level === 'unmappable').length,
    },
  };
}

const KIND_LABEL: Record<ImportItemKind, string> = {
  monitor: 'monitor',
  channel: 'channel',
  status_page: 'status page',
  component_group: 'group',
  component: 'component',
  maintenance: 'maintenance',
};

function findingLine(f: ImportFinding): string {
  const mark = f.level === 'approximate' ? '~ approximate' : '! not mapped';
  return `${mark}: ${f.field ? `${f.field}: ` : ''}${f.message}`;
}

/** The plan as people read it (the CLI's output; the dashboard shows the same sections). */
export function renderPlan(plan: ImportPlan, options: { applied?: boolean } = {}): string {
  const c = plan.counts;
  const verb = options.applied ? 'Imported' : 'Plan';
  const lines = [
    `${verb} from ${plan.source}: ${c.create} ${options.applied ? 'created' : 'to create'}, ${c.match} already imported, ${c.skip} skipped; ${c.approximate} approximate, ${c.unmappable} not mapped.`,
  ];
  const section = (title: string, action: PlanAction) => {
    const chosen = plan.items.filter((i) => i.action === action);
    if (!chosen.length) return;
    lines.push('', title);
    for (const item of chosen) {
      const id = item.resourceId ? ` -> ${KIND_LABEL[item.kind]} ${item.resourceId}` : '';
      lines.push(`  ${KIND_LABEL[item.kind].padEnd(11)} ${item.label}${id}${item.reason ? ` (${item.reason})` : ''}`);
      if (item.pingUrl) lines.push(`      ping URL (shown once): ${item.pingUrl}`);
      for (const f of item.findings) lines.push(`      ${findingLine(f)}`);
    }
  };
  section(options.applied ? 'Created' : 'To create', 'create');
  section('Already imported (matched by source key; not changed)', 'match');
  section('Skipped', 'skip');
  if (plan.findings.length) {
    lines.push('', 'About the file');
    for (const f of plan.findings) lines.push(`  ${findingLine(f)}`);
  }
  return lines.join('\n');
}
