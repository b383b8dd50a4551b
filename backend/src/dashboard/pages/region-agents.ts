// Where a public region's checks really run, as the monitor page and the monitor form say it: the
// embedded agent on a host, a remote agent by its AGENT_ID, or no agent at all (the region's checks
// are scheduled and never run). With the embedded agent serving every region, "fly-ams" and "fly-sin"
// are measured on the same machine; the page says so rather than let the names suggest distance.
import type { RegionAgent, RegionAgents } from '../../agent-presence/agent-presence.service';
import { html, type Html } from '../../common/html';
import { card, notice } from '../components';

/** How to give a region an agent of its own (the README's "Running agents elsewhere" says more). */
const HOW_TO = html`run <code>npm run agent</code> in that place with <code>AGENT_TOKEN</code>,
  <code>AGENT_REGIONS</code> and <code>AGENT_ID</code> (the README's "Running agents elsewhere")`;

export function agentWords(agent: RegionAgent): string {
  return agent.kind === 'embedded' ? `embedded agent on ${agent.host ?? agent.agentId}` : `agent ${agent.agentId}`;
}

function list(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function lastSeen(agent: RegionAgent): Html {
  const iso = agent.lastSeenAt.toISOString();
  return html`<span class="muted"
    >last served by ${agentWords(agent)} at
    <time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time></span
  >`;
}

/** Who serves one region: the agents, or a mark that none does. */
export function servedBy(served: RegionAgents | undefined): Html {
  if (!served) return html``;
  if (served.agents.length) return html`<span class="served">${list(served.agents.map(agentWords))}</span>`;
  return html`<span class="badge degraded unserved">no agent serves this region</span>
    ${served.lastSeen ? lastSeen(served.lastSeen) : ''}`;
}

/** The chosen regions no agent serves, in the order given. */
export function unservedOf(regions: readonly string[], served: readonly RegionAgents[]): string[] {
  const byRegion = new Map(served.map((s) => [s.region as string, s]));
  return regions.filter((r) => byRegion.get(r)?.agents.length === 0);
}

/** Regions that one agent serves together, so their latencies come from one place. */
function sharedAgents(regions: readonly string[], served: readonly RegionAgents[]): Array<[string, string[]]> {
  const byAgent = new Map<string, string[]>();
  for (const s of served) {
    if (!regions.includes(s.region)) continue;
    for (const agent of s.agents) {
      const words = agentWords(agent);
      byAgent.set(words, [...(byAgent.get(words) ?? []), s.region]);
    }
  }
  return [...byAgent].filter(([, rs]) => rs.length > 1);
}

function unservedNotice(unserved: string[], what: string): Html {
  return notice(
    'warning',
    html`<p>
      <strong>No agent serves ${list(unserved)}:</strong> ${what} To give a region an agent of its own, ${HOW_TO}.
    </p>`,
  );
}

/** The monitor page's card: each public region of the monitor and the agent that checks it there. */
export function regionAgentsCard(regions: readonly string[], served: readonly RegionAgents[]): Html {
  if (!regions.length) return html``;
  const byRegion = new Map(served.map((s) => [s.region as string, s]));
  const unserved = unservedOf(regions, served);
  const shared = sharedAgents(regions, served);
  return card(
    'Where it runs',
    html`${unserved.length ? unservedNotice(unserved, 'the monitor is scheduled there but not checked.') : ''}
      ${shared.map(
        ([agent, rs]) =>
          html`<p class="muted shared-agent">
            ${list(rs)} are ${rs.length === 2 ? 'both' : 'all'} checked by the ${agent}: their latencies are measured
            from that one machine, not from the places the region names suggest.
          </p>`,
      )}
      <table class="compact region-agents">
        <caption class="skip">
          Which agent checks each region
        </caption>
        <thead>
          <tr>
            <th scope="col">Region</th>
            <th scope="col">Checked by</th>
          </tr>
        </thead>
        <tbody>
          ${regions.map(
            (r) =>
              html`<tr data-region="${r}">
                <th scope="row">${r}</th>
                <td>${servedBy(byRegion.get(r))}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
    'agents',
  );
}

/**
 * The monitor form's region checkboxes, each saying which agent serves it or that none does, with a
 * warning above them when a chosen region has no agent. Without `served` (not known), plain boxes.
 */
export function regionChoices(
  regions: readonly string[],
  chosen: (region: string) => boolean,
  served: readonly RegionAgents[] | undefined,
): Html {
  const byRegion = new Map((served ?? []).map((s) => [s.region as string, s]));
  const unserved = served ? unservedOf(regions.filter(chosen), served) : [];
  const boxes = regions.map((r) => {
    const id = `f-region.${r}`;
    const s = byRegion.get(r);
    const hint = !s
      ? ''
      : s.agents.length
        ? html` <span class="muted">— ${list(s.agents.map(agentWords))}</span>`
        : html` <span class="badge degraded unserved">no agent</span>`;
    return html`<label class="check" for="${id}" data-region="${r}"
      ><input type="checkbox" id="${id}" name="region.${r}" ${chosen(r) ? html` checked` : ''} /><span
        >${r}${hint}</span
      ></label
    >`;
  });
  return html`${
      served
        ? html`<p class="hint">
            Beside each region, the agent that checks it. A region marked "no agent" is scheduled but never checked.
          </p>`
        : ''
    }
    ${unserved.length ? unservedNotice(unserved, 'checks chosen there will not run until an agent serves it.') : ''}
    <div class="regions">${boxes}</div>`;
}
