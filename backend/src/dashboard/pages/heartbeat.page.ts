// What the dashboard shows of a heartbeat monitor: its ping URL, once, right after the monitor is
// created or the URL rotated (only the token's hash is kept, so no later page can show it again),
// with crontab lines to copy; the confirmation of a rotation; and, on the monitor's page, where the
// heartbeat stands and its last pings with their bodies.
import { html, type Html } from '../../common/html';
import type { HeartbeatConfig } from '../../checks/check-config';
import type { HeartbeatStateView, PingRow } from '../../heartbeats/heartbeats.service';
import type { MonitorView } from '../../monitors/monitor.view';
import { card, layout, notice, postForm, workspacePath, type Frame } from '../components';
import { durationText } from '../monitor-form';
import { monitorPath, ms, when } from './monitor-format';

/** What the monitor's page shows of a heartbeat: from HeartbeatsService.state and listPings. */
export interface HeartbeatPanel {
  state: HeartbeatStateView;
  pings: PingRow[];
  /** The time the page was made, to say whether the expected ping is late. */
  now: Date;
}

/** Pings the monitor's page lists. */
export const PINGS_SHOWN = 50;

/** "every 1d, 1h of grace" or "on "*\/5 * * * *" (Europe/Berlin), 5m of grace": the schedule in words. */
export function scheduleText(h: HeartbeatConfig): string {
  const when =
    h.schedule === 'cron' ? `on "${h.cron}" (${h.timezone || 'UTC'})` : `every ${durationText(h.periodSeconds)}`;
  return `${when}, ${durationText(h.graceSeconds)} of grace`;
}

const CURL = 'curl -fsS -m 10 --retry 5 -o /dev/null';

/** The URL in single quotes for a shell (a quote inside is closed, escaped and reopened). */
function quoted(url: string): string {
  return `'${url.replace(/'/g, `'\\''`)}'`;
}

/** The URL in double quotes for a shell, so `$?` beside it still expands. */
function doubleQuoted(url: string): string {
  return `"${url.replace(/["$`\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * A crontab schedule for the monitor: its own cron expression, or one that fires every period when a
 * period maps onto one (minutes dividing an hour, hours dividing a day, a day); null otherwise.
 */
export function crontabSchedule(h: HeartbeatConfig): string | null {
  if (h.schedule === 'cron') return h.cron;
  const s = h.periodSeconds;
  if (s % 60 !== 0) return null;
  const minutes = s / 60;
  if (minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  if (minutes % 60 !== 0) return null;
  const hours = minutes / 60;
  if (hours < 24 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  if (hours === 24) return '0 0 * * *';
  if (hours === 168) return '0 0 * * 0';
  return null;
}

/** The crontab line that runs the job and then pings: what a user pastes into `crontab -e`. */
export function crontabLine(h: HeartbeatConfig, pingUrl: string): string {
  return `${crontabSchedule(h) ?? '*/5 * * * *'} /path/to/job.sh && ${CURL} ${quoted(pingUrl)}`;
}

/** The ping URL and the lines that use it, shown on the answer to a create or a rotation only. */
export function pingUrlCard(monitor: MonitorView, pingUrl: string): Html {
  const h = monitor.heartbeat;
  const line = h ? crontabLine(h, pingUrl) : `/path/to/job.sh && ${CURL} ${quoted(pingUrl)}`;
  const ownSchedule = h ? crontabSchedule(h) !== null : false;
  const variants: Array<[string, string, string]> = [
    [
      'Measure how long the job takes',
      `${CURL} ${quoted(`${pingUrl}/start`)}; /path/to/job.sh && ${CURL} ${quoted(pingUrl)}`,
      '/start says the run began: the next ping ends it, and its duration is the latency shown here. A run that does not end within the grace takes the monitor down.',
    ],
    [
      'Report a failure at once',
      `/path/to/job.sh && ${CURL} ${quoted(pingUrl)} || ${CURL} ${quoted(`${pingUrl}/fail`)}`,
      '/fail takes the monitor down without waiting for the deadline.',
    ],
    [
      'Send the exit code',
      `/path/to/job.sh; ${CURL} ${doubleQuoted(pingUrl)}/$?`,
      '/<exit code>: 0 is a success, anything else (up to 255) a failure.',
    ],
    [
      'Keep the output without changing the status',
      `/path/to/job.sh 2>&1 | curl -fsS -m 10 --retry 5 -o /dev/null --data-binary @- ${quoted(`${pingUrl}/log`)}`,
      '/log keeps the request body (its first 10 KB, for 14 days, shown with the pings) and changes no status. Any ping may carry a body this way.',
    ],
  ];
  return card(
    'Ping URL',
    html`${notice(
        'warning',
        html`<p>
          Copy the ping URL now: it is shown only this once. Only a hash of its token is kept, so it cannot be shown
          again; if it is lost, rotate it (the old URL then stops working at once).
        </p>`,
      )}
      <p><label for="ping-url">URL the job pings</label></p>
      <input id="ping-url" class="secret" type="text" readonly value="${pingUrl}" />
      <p>
        Add this line to the job's crontab (<code>crontab -e</code>)${ownSchedule ? '' : ' and set its schedule'}; the
        job pings when it succeeds:
      </p>
      <pre class="command"><code id="crontab-line">${line}</code></pre>
      ${
        h?.schedule === 'cron' && h.timezone && h.timezone !== 'UTC'
          ? html`<p class="hint">
              The monitor expects pings in ${h.timezone}; cron runs in the server's time zone unless the crontab sets
              <code>CRON_TZ=${h.timezone}</code>.
            </p>`
          : ''
      }
      <p>GET, POST and HEAD all work; no API key is needed, the URL is the credential. Variants:</p>
      <dl class="ping-variants">
        ${variants.map(
          ([title, command, about]) =>
            html`<dt>${title}</dt>
              <dd>
                <pre class="command"><code>${command}</code></pre>
                <p class="hint">${about}</p>
              </dd>`,
        )}
      </dl>`,
    'ping-url',
  );
}

/** The answer to a create or a rotation: the ping URL card above a link to the monitor. */
export function pingUrlPage(frame: Frame, data: { monitor: MonitorView; pingUrl: string; created: boolean }): Html {
  const slug = frame.current!.slug;
  const m = data.monitor;
  const base = monitorPath(slug, m.id);
  return layout(
    frame,
    `${m.name} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${workspacePath(slug, 'monitors')}">Monitors</a> › <a href="${base}">${m.name}</a>
      </p>
      <h1>${m.name}</h1>
      ${notice(
        'success',
        data.created
          ? 'Created the heartbeat monitor. It expects its first ping one schedule step from now.'
          : 'Rotated the ping URL: the old one no longer works. Change it in the jobs that ping.',
      )}
      ${pingUrlCard(m, data.pingUrl)}
      <p><a class="button" href="${base}">Go to the monitor</a></p>`,
  );
}

/** Asks before rotating: every job that pings must then change its URL. */
export function rotatePingPage(frame: Frame, monitor: MonitorView): Html {
  const slug = frame.current!.slug;
  const base = monitorPath(slug, monitor.id);
  return layout(
    frame,
    `Rotate the ping URL of ${monitor.name} · ${frame.current!.name}`,
    html`<p class="crumbs">
        <a href="${workspacePath(slug, 'monitors')}">Monitors</a> › <a href="${base}">${monitor.name}</a>
      </p>
      <h1>Rotate the ping URL of ${monitor.name}?</h1>
      ${card(
        'What changes',
        html`<p>
            A new ping URL is made and shown once. The current one stops working at once: until the jobs that ping use
            the new one, their pings are refused and the monitor goes down when the next ping is late.
          </p>
          ${postForm(
            `${base}/rotate-ping`,
            frame.csrf,
            html`<div class="actions">
              <button type="submit" class="danger">Rotate the ping URL</button>
              <a class="button secondary" href="${base}">Cancel</a>
            </div>`,
            'Rotate the ping URL',
          )}`,
        'rotate-ping',
      )}`,
  );
}

/** A ping kind's badge, in the colours of the statuses it reports. */
const PING_BADGES: Record<PingRow['kind'], string> = {
  success: 'active',
  start: 'unknown',
  fail: 'error',
  log: 'unknown',
};

const PING_WORDS: Record<PingRow['kind'], string> = {
  success: 'Success',
  start: 'Start',
  fail: 'Failure',
  log: 'Log',
};

/** Where the heartbeat stands, the ping URL's story and the last pings: the monitor page's cards. */
export function heartbeatCards(base: string, m: MonitorView, panel: HeartbeatPanel, canWrite: boolean): Html {
  return html`${stateCard(m, panel)} ${pingUrlHelpCard(base, canWrite)} ${pingsCard(panel.pings)}`;
}

function stateCard(m: MonitorView, { state, now }: HeartbeatPanel): Html {
  const h = m.heartbeat;
  // Late: the expected ping has not come, but the grace has not run out (then the monitor is down).
  const late =
    m.active &&
    !state.startedAt &&
    state.expectedAt !== null &&
    state.expectedAt <= now &&
    (state.nextDeadlineAt === null || state.nextDeadlineAt > now);
  const rows: Array<[string, Html | string]> = [
    [
      'Last ping',
      state.lastPingAt
        ? html`${when(state.lastPingAt)} (${state.lastPingKind ? PING_WORDS[state.lastPingKind] : ''})`
        : html`<span class="muted">none yet</span>`,
    ],
    ['Last success', state.lastSuccessAt ? when(state.lastSuccessAt) : html`<span class="muted">none yet</span>`],
    ...(state.startedAt ? ([['Run started', when(state.startedAt)]] as Array<[string, Html]>) : []),
    [
      'Next ping expected',
      !m.active
        ? html`<span class="muted">not while paused</span>`
        : state.expectedAt
          ? when(state.expectedAt)
          : html`<span class="muted">never (the cron expression does not fire again)</span>`,
    ],
    ['Down without a ping by', state.nextDeadlineAt ? when(state.nextDeadlineAt) : html`<span class="muted">—</span>`],
    ['Grace time', h ? durationText(h.graceSeconds) : '—'],
  ];
  return card(
    'Heartbeat',
    html`${
        late
          ? notice(
              'warning',
              html`<p><strong>Late:</strong> the expected ping has not come; the grace time is running.</p>`,
            )
          : ''
      }
      ${state.startedAt && m.active ? html`<p><span class="badge degraded">Running</span> since ${when(state.startedAt)}</p>` : ''}
      <table class="compact">
        <caption class="skip">
          Where the heartbeat stands
        </caption>
        <tbody>
          ${rows.map(
            ([label, value]) =>
              html`<tr>
                <th scope="row">${label}</th>
                <td>${value}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    'heartbeat',
  );
}

function pingUrlHelpCard(base: string, canWrite: boolean): Html {
  return card(
    'Ping URL',
    html`<p>
        The ping URL was shown once, when the monitor was created or its URL last rotated: only a hash of its token is
        kept. Jobs ping it when they succeed; <code>/start</code>, <code>/fail</code>,
        <code>/&lt;exit code&gt;</code> and <code>/log</code> after it report a start, a failure, an exit code or output
        only.
      </p>
      ${
        canWrite
          ? html`<p>
              Lost it, or leaked? <a class="button secondary" href="${base}/rotate-ping">Rotate the ping URL</a>
              (the old one stops working at once).
            </p>`
          : html`<p class="muted">Writers can rotate it.</p>`
      }`,
    'ping-url',
  );
}

function pingsCard(pings: PingRow[]): Html {
  if (!pings.length) {
    return card('Last pings', html`<p class="muted">No ping yet. They are kept 14 days.</p>`, 'pings');
  }
  return card(
    'Last pings',
    html`<p class="muted">The newest ${pings.length}, newest first; kept 14 days.</p>
      <table class="pings">
        <caption class="skip">
          Pings, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Kind</th>
            <th scope="col" class="num">Exit code</th>
            <th scope="col" class="num">Duration</th>
            <th scope="col">Source</th>
            <th scope="col">User agent</th>
          </tr>
        </thead>
        <tbody>
          ${pings.map(
            (p) =>
              html`<tr>
                  <td>${when(p.receivedAt)}</td>
                  <td>
                    <span class="badge ${PING_BADGES[p.kind]}">${PING_WORDS[p.kind]}</span>
                    <span class="muted">${p.method}</span>
                  </td>
                  <td class="num">${p.exitCode ?? html`<span class="muted">—</span>`}</td>
                  <td class="num">${p.durationMs === null ? html`<span class="muted">—</span>` : ms(p.durationMs)}</td>
                  <td><code>${p.source}</code></td>
                  <td class="muted">${p.userAgent}</td>
                </tr>
                ${
                  p.body
                    ? html`<tr class="ping-body">
                        <td colspan="6">
                          <details>
                            <summary>Body${p.bodyTruncated ? ' (first 10 KB)' : ''}</summary>
                            <pre class="command"><code>${p.body}</code></pre>
                          </details>
                        </td>
                      </tr>`
                    : ''
                }`,
          )}
        </tbody>
      </table>`,
    'pings',
  );
}
