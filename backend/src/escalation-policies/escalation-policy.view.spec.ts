import type { EscalationPolicyEntity } from './escalation-policy.entity';
import { escalationPolicySnapshot, toEscalationPolicyView } from './escalation-policy.view';

describe('escalation policy view', () => {
  // jsonb gives object keys back shortest first: channelIds before afterMinutes.
  const entity = {
    id: '3',
    workspaceId: '1',
    name: 'Night',
    steps: [
      { channelIds: ['7'], afterMinutes: 0 },
      { channelIds: [], afterMinutes: 15 },
    ],
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    updatedAt: new Date('2026-01-02T00:00:00.000Z'),
  } as EscalationPolicyEntity;

  it('shows the steps in order, an emptied step included, in one key order', () => {
    const view = toEscalationPolicyView(entity, ['9']);
    expect(view).toEqual({
      id: '3',
      name: 'Night',
      steps: [
        { afterMinutes: 0, channelIds: ['7'] },
        { afterMinutes: 15, channelIds: [] },
      ],
      monitorIds: ['9'],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(JSON.stringify(view.steps[0])).toBe('{"afterMinutes":0,"channelIds":["7"]}');
  });

  it('audits what a caller sets, not the monitors that use it', () => {
    expect(escalationPolicySnapshot(toEscalationPolicyView(entity, ['9']))).toEqual({
      id: '3',
      name: 'Night',
      steps: [
        { afterMinutes: 0, channelIds: ['7'] },
        { afterMinutes: 15, channelIds: [] },
      ],
    });
  });
});
