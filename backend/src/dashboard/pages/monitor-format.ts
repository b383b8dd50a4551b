// What a monitor's pages (its own page and one response log) say the same way: its path, its target,
// the words of a result and of a timing phase, a time and a latency.
import { html, type Html } from '../../common/html';
import type { MonitorView } from '../../monitors/monitor.view';
import { workspacePath } from '../components';

export const STATUS_WORDS: Record<string, string> = {
  active: 'Up',
  degraded: 'Degraded',
  error: 'Down',
  unknown: 'No data',
  success: 'Success',
};
export const PHASES = ['dns', 'connect', 'tls', 'ttfb', 'transfer'] as const;
export const PHASE_WORDS: Record<(typeof PHASES)[number], string> = {
  dns: 'DNS',
  connect: 'Connect',
  tls: 'TLS',
  ttfb: 'Time to first byte',
  transfer: 'Transfer',
};

export function monitorPath(slug: string, id: string): string {
  return `${workspacePath(slug, 'monitors')}/${encodeURIComponent(id)}`;
}

export function target(m: Pick<MonitorView, 'url' | 'uri'>): string {
  return m.url ?? m.uri ?? '';
}

export function when(at: Date): Html {
  const iso = at.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 19).replace('T', ' ')} UTC</time>`;
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)} ms` : `${Math.round(value * 10) / 10} ms`;
}
