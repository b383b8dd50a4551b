// DNS checks: resolves the domain's records and judges them against the record assertions. Without
// assertions the check succeeds when the name has an A, AAAA or CNAME record. The resolver is the
// system's unless a server is configured (CHECKER_DNS_SERVER; tests use one on loopback).
import { Resolver } from 'node:dns/promises';
import type { DnsRecordType } from '../../checks/check-config';
import { budgetMs, type MonitorView } from '../../monitors/monitor.view';
import { judgeRecords } from '../assertions';
import { elapsed, emptyResult, failedAssertionMessage, statusOf, type Probe, type ProbeContext } from '../probe';
import { type ProbeResult } from '../../checks/check-types';

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND']);

async function query(resolver: Resolver, name: string, type: DnsRecordType): Promise<string[]> {
  try {
    switch (type) {
      case 'A':
        return await resolver.resolve4(name);
      case 'AAAA':
        return await resolver.resolve6(name);
      case 'CNAME':
        return await resolver.resolveCname(name);
      case 'MX':
        return (await resolver.resolveMx(name)).map((mx) => mx.exchange);
      case 'TXT':
        return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
      default: {
        const unreachable: never = type;
        throw new Error(`unknown record type ${String(unreachable)}`);
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENODATA') return [];
    throw error;
  }
}

export class DnsProbe implements Probe {
  readonly kind = 'dns' as const;

  async run(monitor: MonitorView, ctx: ProbeContext): Promise<ProbeResult> {
    const result = emptyResult();
    const started = performance.now();
    const resolver = new Resolver({ timeout: budgetMs(monitor), tries: 1 });
    if (ctx.dnsServer) resolver.setServers([ctx.dnsServer]);
    const abort = () => resolver.cancel();
    ctx.signal.addEventListener('abort', abort, { once: true });
    const name = (monitor.uri ?? '').replace(/\.$/, '');
    const types: DnsRecordType[] = monitor.recordAssertions.length
      ? [...new Set(monitor.recordAssertions.map((a) => a.record))]
      : ['A', 'AAAA', 'CNAME'];
    try {
      const records: Partial<Record<DnsRecordType, string[]>> = {};
      for (const type of types) records[type] = await query(resolver, name, type);
      result.latencyMs = elapsed(started);
      result.timings = { dns: result.latencyMs };
      result.details = { records };
      if (monitor.recordAssertions.length === 0) {
        const found = types.some((t) => (records[t] ?? []).length > 0);
        result.status = found ? statusOf([], result.latencyMs, monitor.degradedAt) : 'error';
        if (!found) result.error = { kind: 'dns', message: `${name} has no A, AAAA or CNAME record` };
        return result;
      }
      result.assertions = judgeRecords(records, monitor.recordAssertions);
      result.status = statusOf(result.assertions, result.latencyMs, monitor.degradedAt);
      if (result.status === 'error')
        result.error = { kind: 'assertion', message: failedAssertionMessage(result.assertions) };
      return result;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      result.latencyMs = elapsed(started);
      result.error =
        ctx.signal.aborted || code === 'ECANCELLED' || code === 'ETIMEOUT'
          ? { kind: 'timeout', message: 'the resolver did not answer within the timeout' }
          : {
              kind: 'dns',
              message: NO_RECORDS.has(code)
                ? `${name} does not exist (${code})`
                : `DNS query failed: ${code || String(error)}`,
            };
      return result;
    } finally {
      ctx.signal.removeEventListener('abort', abort);
    }
  }
}
