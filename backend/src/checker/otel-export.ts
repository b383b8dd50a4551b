// OpenTelemetry export: a monitor with `openTelemetry.endpoint` gets each check's metrics sent as
// OTLP/HTTP JSON (an ExportMetricsServiceRequest of gauges) with its headers. Export never delays or
// fails a check: it runs after the result is recorded and gives up after 5 seconds. The endpoint is a
// URL a tenant typed, so it goes through the outbound client's private-address rule, with the run's
// grant: a shared region's export does not reach private addresses unless ALLOW_PRIVATE_TARGETS.
import { OutboundHttp } from '../common/outbound-http';
import type { MonitorView } from '../monitors/monitor.view';
import type { CheckOutcome } from '../checks/check-types';

export const OTEL_TIMEOUT_MS = 5000;

const EXPORT_REFUSAL_ADVICE =
  'exports from shared regions do not reach private networks: run the monitor from a private location, ' +
  'or (a self-hosted service exporting into its own network) set ALLOW_PRIVATE_TARGETS=true';
const clients = {
  private: new OutboundHttp({ allowPrivateTargets: true, userAgent: 'uptime-service-otel/1' }),
  public: new OutboundHttp({
    allowPrivateTargets: false,
    userAgent: 'uptime-service-otel/1',
    refusalAdvice: EXPORT_REFUSAL_ADVICE,
  }),
};

type Attribute = { key: string; value: { stringValue: string } };

function gauge(name: string, unit: string, value: number, attributes: Attribute[], timeUnixNano: string) {
  return { name, unit, gauge: { dataPoints: [{ asDouble: value, timeUnixNano, attributes }] } };
}

/** The OTLP JSON body for one check. */
export function otlpMetrics(
  monitor: MonitorView,
  location: string,
  outcome: CheckOutcome,
  at: Date,
): Record<string, unknown> {
  const time = `${BigInt(at.getTime()) * 1_000_000n}`;
  const attributes: Attribute[] = [
    { key: 'monitor.id', value: { stringValue: monitor.id } },
    { key: 'monitor.name', value: { stringValue: monitor.name } },
    { key: 'monitor.kind', value: { stringValue: monitor.kind } },
    { key: 'check.region', value: { stringValue: location } },
    { key: 'check.status', value: { stringValue: outcome.status } },
  ];
  const metrics = [
    gauge('uptime.check.latency', 'ms', outcome.latencyMs, attributes, time),
    gauge('uptime.check.success', '1', outcome.status === 'error' ? 0 : 1, attributes, time),
  ];
  for (const [phase, value] of Object.entries(outcome.timings ?? {})) {
    if (typeof value === 'number') metrics.push(gauge(`uptime.check.timing.${phase}`, 'ms', value, attributes, time));
  }
  if (outcome.statusCode !== null)
    metrics.push(gauge('uptime.check.status_code', '1', outcome.statusCode, attributes, time));
  return {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'uptime-service' } }] },
        scopeMetrics: [{ scope: { name: 'uptime-service.checker' }, metrics }],
      },
    ],
  };
}

export interface ExportOptions {
  /** The run's grant (WorkItem.privateTargets). */
  privateTargets: boolean;
  onError?: (error: unknown) => void;
}

/** Sends the check's metrics when the monitor asks for it; errors go to `onError`, never to the check. */
export async function exportCheck(
  monitor: MonitorView,
  location: string,
  outcome: CheckOutcome,
  at: Date,
  options: ExportOptions,
): Promise<void> {
  const endpoint = monitor.openTelemetry?.endpoint;
  if (!endpoint) return;
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const { key, value } of monitor.openTelemetry?.headers ?? []) headers[key] = value;
    const response = await clients[options.privateTargets ? 'private' : 'public'].post({
      url: endpoint,
      headers,
      body: JSON.stringify(otlpMetrics(monitor, location, outcome, at)),
      userUrl: true,
      signal: AbortSignal.timeout(OTEL_TIMEOUT_MS),
    });
    // The path and query may carry a credential: the message names the host only.
    if (response.status < 200 || response.status >= 300)
      throw new Error(`OTLP export to ${new URL(endpoint).host} answered HTTP ${response.status}`);
  } catch (error) {
    options.onError?.(error);
  }
}
