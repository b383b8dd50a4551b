import type { MaintenanceEntity } from './maintenance.entity';
import { maintenanceSnapshot, maintenanceStatusAt, toMaintenanceView } from './maintenance.view';

describe('maintenance status', () => {
  const from = new Date('2030-01-01T00:00:00Z');
  const to = new Date('2030-01-01T02:00:00Z');

  it.each([
    ['2029-12-31T23:59:59.999Z', 'scheduled'],
    ['2030-01-01T00:00:00.000Z', 'in_progress'],
    ['2030-01-01T01:59:59.999Z', 'in_progress'],
    ['2030-01-01T02:00:00.000Z', 'completed'],
  ])('at %s is %s', (now, status) => {
    expect(maintenanceStatusAt(from, to, new Date(now))).toBe(status);
  });

  it('leaves the derived status and timestamps out of the audit snapshot', () => {
    const entity = {
      id: '1',
      workspaceId: '2',
      pageId: '3',
      title: 't',
      message: 'm',
      from,
      to,
      notifiedAt: null,
      createdAt: from,
      updatedAt: from,
    } as MaintenanceEntity;
    const view = toMaintenanceView(entity, ['5'], new Date('2030-01-01T01:00:00Z'));
    expect(view.status).toBe('in_progress');
    expect(JSON.parse(JSON.stringify(maintenanceSnapshot(view)))).toEqual({
      id: '1',
      pageId: '3',
      title: 't',
      message: 'm',
      from: '2030-01-01T00:00:00.000Z',
      to: '2030-01-01T02:00:00.000Z',
      pageComponentIds: ['5'],
    });
  });
});
