import type { AlertMessage } from '../alert-message';
import { matrixChannel, matrixHtml, matrixUrl, MATRIX_TEXT_LIMIT } from './matrix.channel';

const ROOM = '!OGEhHVWSdvArJzumhm:matrix.example';

const parse = (args: Record<string, unknown>) =>
  matrixChannel.settings.safeParse({
    homeserverUrl: 'https://matrix.example',
    roomId: ROOM,
    accessToken: 'syt_token',
    ...args,
  });
const problems = (args: Record<string, unknown>) => parse(args).error?.issues.map((i) => [i.path.join('.'), i.message]);

const message = (overrides: Partial<AlertMessage> = {}): AlertMessage => ({
  kind: 'down',
  monitor: { id: '1', name: 'API', kind: 'http', target: '' },
  workspace: { id: '1', slug: 'acme' },
  regions: [],
  at: new Date('2026-01-02T03:04:05.000Z'),
  monitorUrl: 'https://app.example/m/1',
  pageUrls: [],
  incidentKey: 'k',
  eventId: 'e5a1c2d3-0000-4000-8000-000000000001',
  ...overrides,
});

describe('matrix settings', () => {
  it('take a room id, a homeserver and a token that is a credential', () => {
    expect(parse({}).success).toBe(true);
    expect(matrixChannel.secretArguments).toEqual(['accessToken']);
    expect(matrixChannel.urlArguments).toEqual(['homeserverUrl']);
  });

  it.each(['#ops:matrix.example', 'OGEhHVWSdvArJzumhm:matrix.example', '!nocolon', '!a b:matrix.example'])(
    'refuse the room id %s naming the format',
    (roomId) => {
      expect(problems({ roomId })).toEqual([
        ['roomId', 'must be a room id such as !abc123:matrix.example (not an alias such as #room:matrix.example)'],
      ]);
    },
  );

  it('name the field and the bound', () => {
    expect(problems({ roomId: `!${'a'.repeat(250)}:matrix.example` })).toEqual([
      ['roomId', 'must be at most 255 characters'],
    ]);
    expect(problems({ homeserverUrl: '' })).toEqual([['homeserverUrl', 'is required']]);
    expect(problems({ accessToken: '' })).toEqual([['accessToken', 'is required']]);
  });
});

describe('matrixUrl', () => {
  it('encodes the room id, keeps a path prefix and takes the event id as transaction id', () => {
    expect(
      matrixUrl({ homeserverUrl: 'https://example.com/synapse/', roomId: ROOM, accessToken: 't' }, message()),
    ).toBe(
      'https://example.com/synapse/_matrix/client/v3/rooms/!OGEhHVWSdvArJzumhm%3Amatrix.example/send/m.room.message/e5a1c2d3-0000-4000-8000-000000000001',
    );
  });
});

describe('matrixHtml', () => {
  it('falls back to the title and the link when too long to cut safely', () => {
    const regions = Array.from({ length: 400 }, (_, i) => ({
      region: `r${i}`,
      status: 'error' as const,
      error: 'x'.repeat(40),
      latencyMs: null,
    }));
    const html = matrixHtml(message({ regions }));
    expect(html).toBe('<strong>[DOWN] API is down</strong><br><a href="https://app.example/m/1">Monitor</a>');
    expect(html.length).toBeLessThan(MATRIX_TEXT_LIMIT);
  });
});
