// The service's own measurements that code below metrics/ records (alert delivery latency), as a port:
// metrics/ implements it with prom-client and provides it to the whole server; a module injects it
// with @Optional() and records nothing when it is absent (the command line, tests of the verbs). The
// measuring module never imports metrics/, which reads the resource modules (folder direction).

export const SERVICE_METRICS = Symbol('ServiceMetrics');

/** How an alert delivery ended for good: sent, or given up after its last attempt. */
export type DeliveryEnd = 'delivered' | 'failed';

export interface ServiceMetricsPort {
  /** An alert delivery ended `seconds` after its row was queued (first attempts and retries included). */
  alertDeliveryEnded(end: DeliveryEnd, seconds: number): void;
}
