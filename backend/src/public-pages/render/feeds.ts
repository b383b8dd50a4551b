// RSS 2.0 and Atom (RFC 4287) feeds of a public page: its status reports, each with its timeline of
// updates, and its maintenances, newest first. Pure functions of the snapshot (what is active or
// upcoming now) and the first page of the history (what is past), so they are tested alone.
import type { PageHistory, PageSnapshot, PublicMaintenance, PublicReport } from '../public-page.types';

/** Entries of a feed at most: readers poll often, and older items are on the history page. */
export const FEED_ENTRIES = 50;

/** Where the feed's links point: the page's absolute URL, e.g. `https://status.example.com/status/acme`. */
export interface FeedLinks {
  pageUrl: string;
  /** The absolute URL of this very feed (rel="self"). */
  selfUrl: string;
  /** The host of SITE_URL: the authority of entry ids, the same through every domain of the page. */
  idHost: string;
}

/** One item, the same for both formats. */
interface FeedEntry {
  id: string;
  title: string;
  /** Plain text; the XML escaping is done once where it is written. */
  text: string;
  link: string;
  published: Date;
  updated: Date;
  category: 'incident' | 'maintenance';
}

/** Text made safe inside XML elements and quoted attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  );
}

/**
 * A stable id that does not change with the page's slug or the host it is read through (RFC 4151 tag
 * URI, dated by the record's creation day), so a reader never sees an item twice.
 */
function tagId(host: string, pageId: string, kind: string, id: string, created: Date): string {
  return `tag:${host},${created.toISOString().slice(0, 10)}:status-page/${pageId}/${kind}/${id}`;
}

function reportEntry(snapshotPage: PageSnapshot['page'], links: FeedLinks, report: PublicReport): FeedEntry {
  const timeline = report.updates.map((u) => `[${u.date.toISOString()}] ${u.status}: ${u.message}`).join('\n\n');
  const newest = report.updates[0]?.date ?? report.createdAt;
  return {
    id: tagId(links.idHost, snapshotPage.id, 'report', report.id, report.createdAt),
    title: `${report.title} (${report.status})`,
    text: timeline || report.status,
    link: `${links.pageUrl}#report-${report.id}`,
    published: report.createdAt,
    updated: report.resolvedAt && report.resolvedAt > newest ? report.resolvedAt : newest,
    category: 'incident',
  };
}

function maintenanceEntry(snapshotPage: PageSnapshot['page'], links: FeedLinks, m: PublicMaintenance): FeedEntry {
  const when = `${m.from.toISOString()} – ${m.to.toISOString()}`;
  return {
    id: tagId(links.idHost, snapshotPage.id, 'maintenance', m.id, m.from),
    title: m.title,
    text: m.message ? `${when}\n\n${m.message}` : when,
    link: `${links.pageUrl}#maintenance-${m.id}`,
    // A maintenance is news when it is announced; its window is what readers sort by.
    published: m.from,
    updated: m.from,
    category: 'maintenance',
  };
}

/** Every report and maintenance of the snapshot and the history, each once, newest first. */
export function feedEntries(snapshot: PageSnapshot, history: PageHistory | null, links: FeedLinks): FeedEntry[] {
  const reports = new Map<string, PublicReport>();
  for (const r of [...snapshot.activeReports, ...(history?.reports ?? [])])
    if (!reports.has(r.id)) reports.set(r.id, r);
  const maintenances = new Map<string, PublicMaintenance>();
  for (const m of [
    ...snapshot.activeMaintenances,
    ...snapshot.upcomingMaintenances,
    ...(history?.maintenances ?? []),
  ]) {
    if (!maintenances.has(m.id)) maintenances.set(m.id, m);
  }
  const entries = [
    ...[...reports.values()].map((r) => reportEntry(snapshot.page, links, r)),
    ...[...maintenances.values()].map((m) => maintenanceEntry(snapshot.page, links, m)),
  ];
  // Ties broken by id so the order (and the ETag of the body) is stable.
  entries.sort((a, b) => b.updated.getTime() - a.updated.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return entries.slice(0, FEED_ENTRIES);
}

/** The newest date of the feed: its newest entry, else when the snapshot was read. */
function feedUpdated(entries: FeedEntry[], snapshot: PageSnapshot): Date {
  if (!entries.length) return snapshot.generatedAt;
  return entries.reduce((max, e) => (e.updated > max ? e.updated : max), entries[0].updated);
}

export function renderRss(snapshot: PageSnapshot, history: PageHistory | null, links: FeedLinks): string {
  const entries = feedEntries(snapshot, history, links);
  const page = snapshot.page;
  const items = entries
    .map(
      (e) => `    <item>
      <title>${escapeXml(e.title)}</title>
      <link>${escapeXml(e.link)}</link>
      <guid isPermaLink="false">${escapeXml(e.id)}</guid>
      <pubDate>${e.updated.toUTCString()}</pubDate>
      <category>${e.category}</category>
      <description>${escapeXml(e.text)}</description>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(page.title)}</title>
    <link>${escapeXml(links.pageUrl)}</link>
    <description>${escapeXml(page.description || page.title)}</description>
    <atom:link href="${escapeXml(links.selfUrl)}" rel="self" type="application/rss+xml"/>
    <lastBuildDate>${feedUpdated(entries, snapshot).toUTCString()}</lastBuildDate>
${items}
  </channel>
</rss>
`;
}

export function renderAtom(snapshot: PageSnapshot, history: PageHistory | null, links: FeedLinks): string {
  const entries = feedEntries(snapshot, history, links);
  const page = snapshot.page;
  const items = entries
    .map(
      (e) => `  <entry>
    <id>${escapeXml(e.id)}</id>
    <title>${escapeXml(e.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>
    <published>${e.published.toISOString()}</published>
    <updated>${e.updated.toISOString()}</updated>
    <category term="${e.category}"/>
    <content type="text">${escapeXml(e.text)}</content>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(tagId(links.idHost, page.id, 'feed', page.id, new Date(0)))}</id>
  <title>${escapeXml(page.title)}</title>
  <subtitle>${escapeXml(page.description || page.title)}</subtitle>
  <link rel="alternate" type="text/html" href="${escapeXml(links.pageUrl)}"/>
  <link rel="self" type="application/atom+xml" href="${escapeXml(links.selfUrl)}"/>
  <author><name>${escapeXml(page.title)}</name></author>
  <updated>${feedUpdated(entries, snapshot).toISOString()}</updated>
${items}
</feed>
`;
}
