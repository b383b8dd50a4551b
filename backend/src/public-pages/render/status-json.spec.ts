import { fixtureSnapshot } from './machine-fixtures';
import { statusJson } from './status-json';

describe(statusJson.name, () => {
  it('has the documented shape: page, status, components in order with group and rounded uptime, now', () => {
    const sut = statusJson(fixtureSnapshot(), 'https://status.example.test/status/acme');
    expect(JSON.parse(JSON.stringify(sut))).toEqual({
      page: { title: 'Acme <Status> & "Co"', url: 'https://status.example.test/status/acme' },
      status: 'partial_outage',
      components: [
        { id: '11', name: 'API <v2>', group: 'Backend', status: 'outage', uptime: 99.123 },
        { id: '12', name: 'Website', group: null, status: 'operational', uptime: null },
      ],
      activeReports: [
        {
          id: '31',
          title: 'API errors & <timeouts>',
          status: 'identified',
          componentIds: ['11'],
          createdAt: '2026-11-20T10:00:00.000Z',
          updates: [
            { status: 'identified', message: 'A faulty deploy; rolling back.', date: '2026-11-20T10:30:00.000Z' },
            { status: 'investigating', message: 'Errors on <API>.', date: '2026-11-20T10:00:00.000Z' },
          ],
        },
      ],
      activeMaintenances: [
        {
          id: '41',
          title: 'Database upgrade',
          message: 'Read-only for a while.',
          from: '2026-11-20T11:00:00.000Z',
          to: '2026-11-20T13:00:00.000Z',
          componentIds: ['11'],
        },
      ],
      upcomingMaintenances: [
        {
          id: '42',
          title: 'Network work',
          message: '',
          from: '2026-11-25T01:00:00.000Z',
          to: '2026-11-25T02:00:00.000Z',
          componentIds: [],
        },
      ],
      generatedAt: '2026-11-20T12:00:00.000Z',
    });
  });
});
