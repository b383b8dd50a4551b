import { overallStatus } from './page-snapshot';
import type { ComponentStatus, PublicComponent } from './public-page.types';

const component = (status: ComponentStatus): PublicComponent => ({
  id: status,
  name: status,
  type: 'monitor',
  description: '',
  groupId: null,
  status,
  days: [],
  uptime: null,
  latency: null,
});

describe(overallStatus.name, () => {
  it.each([
    [['operational', 'operational'], false, false, 'operational'],
    [['operational', 'unknown'], false, false, 'operational'],
    [['outage', 'unknown'], false, false, 'major_outage'],
    [['outage', 'outage'], false, false, 'major_outage'],
    [['outage', 'operational'], false, false, 'partial_outage'],
    [['degraded', 'operational'], false, false, 'degraded'],
    [['operational'], true, false, 'degraded'],
    [['maintenance', 'operational'], false, false, 'maintenance'],
    [['operational'], false, true, 'maintenance'],
    [['outage', 'maintenance'], true, true, 'partial_outage'],
    [[], false, false, 'operational'],
  ] as const)('%j, open report %s, maintenance %s: %s', (statuses, openReport, maintenance, expected) => {
    expect(overallStatus(statuses.map(component), openReport, maintenance)).toBe(expected);
  });
});
