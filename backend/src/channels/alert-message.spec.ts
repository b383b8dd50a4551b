import {
  headlineOf,
  regionLine,
  shortTextOf,
  sortedRegions,
  summaryOf,
  timeOf,
  titleOf,
  type AlertKind,
  type AlertMessage,
} from './alert-message';

function message(kind: AlertKind, overrides: Partial<AlertMessage> = {}): AlertMessage {
  return {
    kind,
    monitor: { id: '42', name: 'Checkout API', kind: 'http', target: 'https://shop.example/api' },
    workspace: { id: '7', slug: 'acme' },
    regions: [
      { region: 'fly-syd', status: 'active', error: null, latencyMs: 210 },
      { region: 'fly-iad', status: 'degraded', error: null, latencyMs: 3100 },
      { region: 'fly-ams', status: 'error', error: 'HTTP 503', latencyMs: 40 },
    ],
    at: new Date('2026-01-02T03:04:05.678Z'),
    monitorUrl: 'https://app.example/m/42',
    pageUrls: ['https://status.example/status/acme'],
    incidentKey: 'inc-1',
    eventId: '0b6f3a52-1c1e-4d7a-9a55-3f0c2b1d9e80',
    ...overrides,
  };
}

describe('titleOf', () => {
  it.each([
    ['down', '[DOWN] Checkout API is down'],
    ['degraded', '[DEGRADED] Checkout API is degraded'],
    ['recovered', '[RECOVERED] Checkout API has recovered'],
    ['test', '[TEST] Test alert for Checkout API'],
  ] as const)('%s', (kind, title) => {
    expect(titleOf(message(kind))).toBe(title);
  });
});

describe('summaryOf', () => {
  it('names the monitor, the change, the time, each region with its error, and the links', () => {
    expect(summaryOf(message('down'))).toBe(
      [
        'Checkout API (http https://shop.example/api) is down at 2026-01-02T03:04:05Z.',
        '',
        'Regions:',
        '- fly-ams: error, 40 ms (HTTP 503)',
        '- fly-iad: degraded, 3100 ms',
        '- fly-syd: active, 210 ms',
        '',
        'Monitor: https://app.example/m/42',
        'Status page: https://status.example/status/acme',
      ].join('\n'),
    );
  });

  it('leaves out regions and pages when there are none', () => {
    expect(summaryOf(message('recovered', { regions: [], pageUrls: [] }))).toBe(
      [
        'Checkout API (http https://shop.example/api) has recovered at 2026-01-02T03:04:05Z.',
        '',
        'Monitor: https://app.example/m/42',
      ].join('\n'),
    );
  });

  it('says that a test changed nothing', () => {
    expect(headlineOf(message('test'))).toBe(
      "Test alert for Checkout API (http https://shop.example/api) at 2026-01-02T03:04:05Z; the monitor's status did not change.",
    );
  });
});

describe('shortTextOf', () => {
  it('is the title, the time, the regions not active and the monitor link', () => {
    expect(shortTextOf(message('down'))).toBe(
      '[DOWN] Checkout API is down at 2026-01-02T03:04:05Z. Regions: fly-ams: error, 40 ms (HTTP 503); fly-iad: degraded, 3100 ms. https://app.example/m/42',
    );
  });
});

describe('line helpers', () => {
  it('timeOf is UTC to the second', () => {
    expect(timeOf(new Date('2026-05-06T07:08:09.999Z'))).toBe('2026-05-06T07:08:09Z');
  });

  it('regionLine shows latency and error only when known', () => {
    expect(regionLine({ region: 'fly-ams', status: 'error', error: 'timeout', latencyMs: null })).toBe(
      'fly-ams: error (timeout)',
    );
    expect(regionLine({ region: 'fly-ams', status: 'active', error: null, latencyMs: 5 })).toBe(
      'fly-ams: active, 5 ms',
    );
  });

  it('sortedRegions puts errors, then degraded, then active, each by name', () => {
    const regions = sortedRegions(
      message('down', {
        regions: [
          { region: 'b', status: 'active', error: null, latencyMs: 1 },
          { region: 'z', status: 'error', error: null, latencyMs: 1 },
          { region: 'a', status: 'active', error: null, latencyMs: 1 },
          { region: 'c', status: 'error', error: null, latencyMs: 1 },
          { region: 'd', status: 'degraded', error: null, latencyMs: 1 },
        ],
      }),
    );
    expect(regions.map((r) => r.region)).toEqual(['c', 'z', 'd', 'a', 'b']);
  });
});
