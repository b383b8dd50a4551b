// The markdown twin of a public page (`<base>/index.md`), for LLMs and people reading plain text:
// title, overall status, components with status and uptime, active reports with their updates, and
// the active and upcoming maintenances. English and UTC: a machine reads it, not a visitor's locale.
import type { PageSnapshot, PublicMaintenance, PublicReport } from '../public-page.types';
import { statusText } from './badge';

/**
 * Text of the page's data made inert in markdown: characters that start links, emphasis, code,
 * headings or HTML are backslash-escaped, and line breaks folded where one line is expected.
 */
export function escapeMarkdown(text: string, oneLine = true): string {
  const flat = oneLine ? text.replace(/[\r\n]+/g, ' ') : text.replace(/\r\n?/g, '\n');
  return flat.replace(/[\\`*_{}[\]()<>#+!|~&]/g, (c) => `\\${c}`).replace(/^(\s*)([-=]|\d+\.)/gm, '$1\\$2');
}

const uptimeText = (uptime: number | null) => (uptime === null ? 'no data' : `${uptime.toFixed(2)}% uptime (90 days)`);

function reportSection(r: PublicReport): string[] {
  const lines = [
    `### ${escapeMarkdown(r.title)}`,
    '',
    `Status: ${escapeMarkdown(r.status)}, since ${r.createdAt.toISOString()}`,
    '',
  ];
  for (const u of r.updates) {
    lines.push(`- ${u.date.toISOString()} — **${escapeMarkdown(u.status)}**: ${escapeMarkdown(u.message)}`);
  }
  lines.push('');
  return lines;
}

function maintenanceLine(m: PublicMaintenance): string {
  const message = m.message ? `: ${escapeMarkdown(m.message)}` : '';
  return `- **${escapeMarkdown(m.title)}**, ${m.from.toISOString()} to ${m.to.toISOString()}${message}`;
}

/** `pageUrl`: the page's absolute URL. */
export function renderMarkdown(snapshot: PageSnapshot, pageUrl: string): string {
  const { page } = snapshot;
  const lines: string[] = [`# ${escapeMarkdown(page.title)}`, ''];
  if (page.description) lines.push(escapeMarkdown(page.description, false), '');
  lines.push(`Overall status: **${statusText(snapshot.overall)}** (as of ${snapshot.generatedAt.toISOString()})`, '');
  lines.push(`Page: <${pageUrl}>`, '');

  lines.push('## Components', '');
  for (const group of snapshot.groups) {
    const indent = group.id === null ? '' : '  ';
    if (group.id !== null) lines.push(`- ${escapeMarkdown(group.name)}`);
    for (const c of group.components) {
      lines.push(`${indent}- ${escapeMarkdown(c.name)}: ${statusText(c.status)}, ${uptimeText(c.uptime)}`);
    }
  }
  if (!snapshot.groups.some((g) => g.components.length)) lines.push('No components.');
  lines.push('');

  lines.push('## Active incidents', '');
  if (snapshot.activeReports.length) for (const r of snapshot.activeReports) lines.push(...reportSection(r));
  else lines.push('None.', '');

  lines.push('## Maintenances in progress', '');
  lines.push(
    ...(snapshot.activeMaintenances.length ? snapshot.activeMaintenances.map(maintenanceLine) : ['None.']),
    '',
  );
  lines.push('## Upcoming maintenances', '');
  lines.push(
    ...(snapshot.upcomingMaintenances.length ? snapshot.upcomingMaintenances.map(maintenanceLine) : ['None.']),
    '',
  );
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
