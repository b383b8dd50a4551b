// Uptime Kuma status pages (`status_page`, their groups in `group` and monitor lists in
// `monitor_group`) as pages, component groups and monitor components; and its maintenances
// (`maintenance`, shown on the pages of `maintenance_status_page`, covering the monitors of
// `monitor_maintenance`) as maintenance windows on those pages. A one-off window is kept as it is; a
// recurring one becomes its occurrences in the next 30 days, each a window of its own.
import { slugOf } from '../../common/slugs';
import { Cron } from 'croner';
import { ANNOUNCEMENT_BOUNDS } from '../../status-pages/announcement.schemas';
import type {
  ImportedComponent,
  ImportedComponentGroup,
  ImportedMaintenance,
  ImportedStatusPage,
  ImportFinding,
} from '../import-model';
import { bool, num, str, type KumaRows, type Row } from './uptime-kuma-database';
import { monitorKey } from './uptime-kuma-monitors';
import { clip, isTimeZone, wallTimeToDate } from './uptime-kuma-values';

export const RECURRENCE_HORIZON_DAYS = 30;
/** Occurrences of one recurring maintenance kept within the horizon (a daily window: 30). */
const MAX_OCCURRENCES = 31;

const pageKey = (id: unknown) => `status-page:${String(id)}`;

const pageSlugOf = (slug: string, id: string): string => slugOf(slug, 256) || `kuma-${id}`;

export interface MappedPages {
  statusPages: ImportedStatusPage[];
  maintenances: ImportedMaintenance[];
  findings: ImportFinding[];
}

export function mapPages(rows: KumaRows, mappedMonitorKeys: ReadonlySet<string>, now: Date): MappedPages {
  const statusPages: ImportedStatusPage[] = [];
  const findings: ImportFinding[] = [];
  const monitorsById = new Map(rows.monitors.map((m) => [str(m, 'id'), m]));
  /** page source key → monitor source key → component source keys (for maintenances). */
  const componentsOfPage = new Map<string, Map<string, string[]>>();

  for (const page of rows.statusPages) {
    const id = str(page, 'id');
    const label = `status page ${id} “${str(page, 'title')}”`;
    const pageFindings: ImportFinding[] = [];
    const title = clip(str(page, 'title').trim() || str(page, 'slug'), 256);
    if (title.clipped)
      pageFindings.push({ level: 'approximate', field: 'title', message: 'title shortened to 256 characters' });
    const slug = pageSlugOf(str(page, 'slug'), id);
    if (slug !== str(page, 'slug'))
      pageFindings.push({
        level: 'approximate',
        field: 'slug',
        message: `slug “${str(page, 'slug')}” written as “${slug}” (lower-case letters, digits and single dashes)`,
      });
    const description = clip(str(page, 'description'), 1024);
    if (description.clipped)
      pageFindings.push({
        level: 'approximate',
        field: 'description',
        message: 'description shortened to 1024 characters',
      });
    if (str(page, 'password'))
      pageFindings.push({
        level: 'unmappable',
        field: 'password',
        message: 'the page was password-protected in Kuma; it is imported without protection',
      });
    if (!bool(page, 'published', true))
      pageFindings.push({ level: 'approximate', field: 'published', message: 'unpublished in Kuma' });
    if (str(page, 'custom_css').trim())
      pageFindings.push({ level: 'unmappable', field: 'custom_css', message: 'the custom CSS has no equivalent' });
    if (str(page, 'footer_text').trim())
      pageFindings.push({ level: 'unmappable', field: 'footer_text', message: 'the footer text has no equivalent' });
    const domains = rows.statusPageDomains.filter((d) => str(d, 'status_page_id') === id).map((d) => str(d, 'domain'));
    if (domains.length)
      pageFindings.push({
        level: 'unmappable',
        field: 'domain',
        message: `custom domains (${domains.join(', ')}) are not carried: set them up again on the page`,
      });
    const incidents = rows.incidents.filter((i) => str(i, 'status_page_id') === id).length;
    if (incidents)
      pageFindings.push({
        level: 'unmappable',
        field: 'incident',
        message: `${incidents} pinned incident message${incidents > 1 ? 's are' : ' is'} not imported`,
      });

    const byMonitor = new Map<string, string[]>();
    componentsOfPage.set(pageKey(id), byMonitor);
    const groups: ImportedComponentGroup[] = [];
    rows.groups
      .filter((g) => str(g, 'status_page_id') === id)
      .forEach((group, groupIndex) => {
        const groupId = str(group, 'id');
        const groupName = clip(str(group, 'name').trim() || 'Services', 256);
        const groupFindings: ImportFinding[] = [];
        if (groupName.clipped)
          groupFindings.push({ level: 'approximate', field: 'name', message: 'name shortened to 256 characters' });
        const components: ImportedComponent[] = [];
        for (const link of rows.monitorGroups.filter((mg) => str(mg, 'group_id') === groupId)) {
          const key = monitorKey(str(link, 'monitor_id'));
          const monitor = monitorsById.get(str(link, 'monitor_id'));
          const monitorName = monitor ? str(monitor, 'name') : `monitor ${str(link, 'monitor_id')}`;
          if (!mappedMonitorKeys.has(key)) {
            groupFindings.push({
              level: 'unmappable',
              field: 'monitor_group',
              message: `“${monitorName}” is not imported (see its monitor), so it is not on the page`,
            });
            continue;
          }
          const componentFindings: ImportFinding[] = [];
          if (bool(link, 'send_url') || str(link, 'custom_url'))
            componentFindings.push({
              level: 'unmappable',
              field: 'send_url',
              message: 'the link to the monitored URL is not shown on the page',
            });
          const componentKey = `monitor_group:${str(link, 'id')}`;
          components.push({
            sourceKey: componentKey,
            label: `“${monitorName}” on ${label}`,
            findings: componentFindings,
            name: clip(monitorName.trim() || 'Monitor', 256).value,
            monitorKey: key,
            order: components.length,
          });
          byMonitor.set(key, [...(byMonitor.get(key) ?? []), componentKey]);
        }
        groups.push({
          sourceKey: `group:${groupId}`,
          label: `group “${str(group, 'name')}” on ${label}`,
          findings: groupFindings,
          name: groupName.value,
          order: groupIndex,
          components,
        });
      });
    statusPages.push({
      sourceKey: pageKey(id),
      label,
      findings: pageFindings,
      title: title.value,
      slug,
      ...(description.value.trim() ? { description: description.value } : {}),
      components: [],
      groups,
    });
  }

  const maintenances: ImportedMaintenance[] = [];
  for (const row of rows.maintenances) {
    const id = str(row, 'id');
    const label = `maintenance ${id} “${str(row, 'title')}”`;
    const pages = rows.maintenancePages
      .filter((mp) => str(mp, 'maintenance_id') === id)
      .map((mp) => pageKey(str(mp, 'status_page_id')))
      .filter((key) => componentsOfPage.has(key));
    const strategy = str(row, 'strategy') || 'single';
    if (!bool(row, 'active', true)) {
      findings.push({ level: 'unmappable', message: `${label} is inactive in Kuma and is not imported` });
      continue;
    }
    if (strategy === 'manual') {
      findings.push({
        level: 'unmappable',
        message: `${label} is started and stopped by hand in Kuma: a window here has a start and an end, so it is not imported`,
      });
      continue;
    }
    if (!pages.length) {
      findings.push({
        level: 'unmappable',
        message: `${label} is shown on no status page: maintenances here belong to a page, so it is not imported`,
      });
      continue;
    }
    const itemFindings: ImportFinding[] = [
      {
        level: 'approximate',
        message: "here a maintenance is shown on the page; it does not pause the monitors' checks as Kuma's did",
      },
    ];
    const zoneSetting = str(row, 'timezone');
    let zone =
      zoneSetting && zoneSetting !== 'SAME_AS_SERVER' ? zoneSetting : (rows.settings.get('serverTimezone') ?? '');
    if (!isTimeZone(zone) || !zone) {
      itemFindings.push({
        level: 'approximate',
        field: 'timezone',
        message: `time zone “${zoneSetting || 'server'}” is not known: times are read as UTC`,
      });
      zone = 'UTC';
    }
    const windows = windowsOf(row, strategy, zone, now, itemFindings);
    if (!windows) {
      findings.push({
        level: 'unmappable',
        message: `${label} has a schedule that cannot be read (${strategy}) and is not imported`,
      });
      continue;
    }
    if (!windows.length) {
      findings.push({
        level: 'unmappable',
        message: `${label} recurs but has no occurrence in the next ${RECURRENCE_HORIZON_DAYS} days: not imported`,
      });
      continue;
    }
    const covered = rows.maintenanceMonitors
      .filter((mm) => str(mm, 'maintenance_id') === id)
      .map((mm) => monitorKey(str(mm, 'monitor_id')));
    const title = clip(str(row, 'title').trim() || `Maintenance ${id}`, ANNOUNCEMENT_BOUNDS.title).value;
    const message = clip(str(row, 'description'), ANNOUNCEMENT_BOUNDS.message).value;
    for (const page of pages) {
      const byMonitor = componentsOfPage.get(page)!;
      const componentKeys = [...new Set(covered.flatMap((key) => byMonitor.get(key) ?? []))];
      for (const window of windows) {
        maintenances.push({
          sourceKey: `maintenance:${id}@${page}${window.occurrence ? `#${window.from.toISOString()}` : ''}`,
          label: window.occurrence ? `${label} on ${window.from.toISOString()}` : label,
          findings: itemFindings,
          pageKey: page,
          title,
          message,
          from: window.from,
          to: window.to,
          componentKeys,
        });
      }
    }
  }
  return { statusPages, maintenances, findings };
}

interface Window {
  from: Date;
  to: Date;
  occurrence: boolean;
}

/** The windows of a maintenance, or null when its dates or schedule cannot be read. */
function windowsOf(row: Row, strategy: string, zone: string, now: Date, findings: ImportFinding[]): Window[] | null {
  const start = str(row, 'start_date') ? wallTimeToDate(str(row, 'start_date'), zone) : null;
  const end = str(row, 'end_date') ? wallTimeToDate(str(row, 'end_date'), zone) : null;
  if (strategy === 'single') {
    if (!start || !end || end.getTime() <= start.getTime()) return null;
    return [{ from: start, to: end, occurrence: false }];
  }
  const cron = str(row, 'cron').trim();
  const duration = num(row, 'duration');
  if (!cron || duration <= 0) return null;
  let job: Cron;
  try {
    job = new Cron(cron, { timezone: zone, paused: true });
  } catch {
    return null;
  }
  const horizon = new Date(now.getTime() + RECURRENCE_HORIZON_DAYS * 86_400_000);
  const windows: Window[] = [];
  // A window that started before now and is still running counts too.
  let cursor = new Date(Math.max(now.getTime() - duration * 1000, start ? start.getTime() - 1 : 0));
  while (windows.length < MAX_OCCURRENCES) {
    const next = job.nextRun(cursor);
    if (!next || next.getTime() > horizon.getTime()) break;
    if (end && next.getTime() > end.getTime()) break;
    windows.push({ from: next, to: new Date(next.getTime() + duration * 1000), occurrence: true });
    cursor = next;
  }
  findings.push({
    level: 'approximate',
    field: 'strategy',
    message: `recurring (${strategy}, ${cron} in ${zone}): imported as ${windows.length} one-off window${windows.length === 1 ? '' : 's'} in the next ${RECURRENCE_HORIZON_DAYS} days; later ones must be added again`,
  });
  return windows;
}
