// The private-address rule at the door: a monitor that runs from shared regions may not name a
// private, loopback, link-local, CGNAT, multicast or reserved address literally (in any spelling) as
// its target or as its OpenTelemetry endpoint, unless the operator allows private targets. Host names
// are judged where they are resolved, at every check (checker/probes/target.ts), since what a name
// resolves to can change after it was saved. Private locations are exempt: a monitor that runs only
// from private locations (no shared regions) may name any address.
import { hostProblem } from '../common/network-addresses';
import { ValidationError } from '../common/errors';
import type { MonitorKind } from '../checks/check-config';
import type { MonitorData } from './monitor.schemas';

export const PRIVATE_TARGET_ADVICE =
  'checks from shared regions do not reach private networks: run the monitor from a private location ' +
  '(with no shared regions), or, on a self-hosted service watching its own network, set ALLOW_PRIVATE_TARGETS=true';

function urlHost(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The host of `host:port` (brackets of an IPv6 literal removed), as the schemas accept it. */
function hostOfHostPort(uri: string): string {
  const match = /^(\[[^\]]+\]|[^:\s]+):\d{1,5}$/.exec(uri);
  return (match ? match[1] : uri).replace(/^\[|\]$/g, '');
}

/** The hosts a check of this monitor connects to that a user typed, by field. */
function targetsOf(kind: MonitorKind, data: MonitorData): Array<{ field: string; host: string | null }> {
  const targets: Array<{ field: string; host: string | null }> = [];
  switch (kind) {
    case 'http':
      targets.push({ field: 'url', host: urlHost((data as MonitorData<'http'>).url) });
      break;
    case 'tcp':
    case 'grpc':
    case 'tls':
      targets.push({ field: 'uri', host: hostOfHostPort((data as MonitorData<'tcp'>).uri) });
      break;
    case 'icmp':
      targets.push({ field: 'uri', host: (data as MonitorData<'icmp'>).uri });
      break;
    case 'dns':
      // The name is queried from the operator's resolver; the check connects to nothing it names.
      break;
    case 'heartbeat':
      // Nothing is probed: the job calls in.
      return [];
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown monitor kind ${String(unreachable)}`);
    }
  }
  const endpoint = 'openTelemetry' in data ? data.openTelemetry?.endpoint : undefined;
  if (endpoint) targets.push({ field: 'openTelemetry.endpoint', host: urlHost(endpoint) });
  return targets;
}

/** Throws a ValidationError naming the field when a shared-region monitor names a refused address. */
export function assertPublicTargets(kind: MonitorKind, data: MonitorData, allowPrivateTargets: boolean): void {
  if (allowPrivateTargets || !('regions' in data) || data.regions.length === 0) return;
  for (const { field, host } of targetsOf(kind, data)) {
    const problem = host === null ? null : hostProblem(host);
    if (problem) throw ValidationError.field(field, `${problem}; ${PRIVATE_TARGET_ADVICE}`);
  }
}
