// DNS, TCP and ICMP monitors wired to notification channels: a channel lists the monitors whose
// failures it reports. The DNS and TCP monitors depend on the ICMP one (their parent).
import { TerraformStack } from 'cdktf';
import { type Construct } from 'constructs';
import { DnsMonitor, IcmpMonitor, Notification, ServiceProvider, TcpMonitor } from '@uptime/cdktf';

export function alertingStack(scope: Construct, id = 'alerting'): TerraformStack {
  const stack = new TerraformStack(scope, id);
  // The provider reads SERVICE_API_TOKEN and SERVICE_BASE_URL when terraform runs.
  new ServiceProvider(stack, 'service');

  // The gateway the other two are reached through: while it is down, their alerts are recorded as
  // suppressed ("gateway is down") instead of paging three times for one outage.
  const gateway = new IcmpMonitor(stack, 'gateway', {
    name: 'Gateway answers ping',
    uri: '127.0.0.1',
    periodicity: '1m',
    // For ICMP the timeout is the budget of the whole check (three echo requests).
    timeout: 3000,
    degradedAt: 200,
    active: false,
    // Down after two failed checks in a row, up after two good ones; remind every 30 minutes, 4 times.
    failureThreshold: 2,
    recoveryThreshold: 2,
    reminderIntervalMinutes: 30,
    reminderLimit: 4,
  });
  const dns = new DnsMonitor(stack, 'dns', {
    name: 'localhost resolves',
    uri: 'localhost',
    periodicity: '10m',
    active: false,
    recordAssertions: [{ record: 'A', target: '127.0.0.1', comparator: 'eq' }],
    parentMonitorIds: [gateway.id],
  });
  const database = new TcpMonitor(stack, 'database', {
    name: 'Database port',
    uri: '127.0.0.1:5432',
    periodicity: '1m',
    timeout: 5000,
    active: false,
    parentMonitorIds: [gateway.id],
  });
  const all = [dns.id, database.id, gateway.id];

  // Exactly one block, matching providerType, carries the channel's settings. Credentials such as
  // Slack's webhook URL are write-only: kept in state, never read back from the service.
  new Notification(stack, 'on-call-webhook', {
    name: 'On-call webhook',
    providerType: 'webhook',
    webhook: {
      endpoint: 'http://127.0.0.1:9000/alerts',
      headers: [{ key: 'X-Source', value: 'uptime' }],
    },
    monitorIds: all,
  });
  new Notification(stack, 'team-slack', {
    name: 'Team Slack',
    providerType: 'slack',
    slack: { webhookUrl: 'http://127.0.0.1:9000/slack' },
    monitorIds: [database.id, gateway.id],
  });

  return stack;
}
