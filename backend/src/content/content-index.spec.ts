import { ContentIndex, SNIPPET_MAX, snippet } from './content-index';

const doc = (id: string, title: string, ...passages: string[]) => ({ id, title, passages });

describe(ContentIndex.name, () => {
  const sut = new ContentIndex([
    doc('alerts', 'Notification channels', 'Channels deliver alerts to Slack, email and webhooks.'),
    doc('monitors', 'Monitors', 'A monitor runs checks from regions. Checks carry assertions.'),
    doc('agents', 'Private locations', 'Agents run monitors inside your network and report results.'),
    doc('pricing', 'Pricing', 'Self-hosting is free. Plans switch features.'),
    doc('filler', 'Release notes', 'Many small fixes. Nothing about the topic. Another line of text here.'),
  ]);

  it('ranks a title match above a body match', () => {
    const hits = sut.search('monitors', 10);
    expect(hits.map((h) => h.id)).toEqual(['monitors', 'agents']);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
  });

  it('finds documents through stemming', () => {
    expect(sut.search('monitoring checked', 10)[0].id).toBe('monitors');
    expect(sut.search('locate', 10).map((h) => h.id)).toEqual(['agents']);
    expect(sut.search('deliver', 10).map((h) => h.id)).toEqual(['alerts']);
  });

  it('ranks a document matching more query words first', () => {
    expect(sut.search('agents network', 10)[0].id).toBe('agents');
    expect(sut.search('free plans', 10)[0].id).toBe('pricing');
  });

  it('matches the last query word as a prefix', () => {
    expect(sut.search('chann', 10).map((h) => h.id)).toEqual(['alerts']);
    expect(sut.search('priv loc', 10).map((h) => h.id)).toEqual(['agents']);
    // Only the last word is a prefix: a finished word must match whole.
    expect(sut.search('chan results', 10).map((h) => h.id)).toEqual(['agents']);
    // A trailing space means the word is finished.
    expect(sut.search('chann ', 10)).toEqual([]);
  });

  it('ranks an exact word above words it is a prefix of', () => {
    const index = new ContentIndex([doc('a', 'Runner', 'runners everywhere'), doc('b', 'Run', 'run it')]);
    expect(index.search('run', 10)[0].id).toBe('b');
  });

  it('filters before cutting to the limit', () => {
    expect(sut.search('monitors', 1).map((h) => h.id)).toEqual(['monitors']);
    expect(sut.search('monitors', 1, (id) => id !== 'monitors').map((h) => h.id)).toEqual(['agents']);
  });

  it('answers nothing for words not in the index', () => {
    expect(sut.search('kubernetes', 10)).toEqual([]);
  });

  it('cuts the snippet from the passage that matches', () => {
    const [hit] = sut.search('assertions', 10);
    expect(hit.snippet).toBe('A monitor runs checks from regions. Checks carry assertions.');
  });
});

describe('snippet', () => {
  const long = `${'Lorem words before the point. '.repeat(10)}The retry budget stays inside the timeout. ${'More words after it. '.repeat(12)}`;

  it('keeps at most SNIPPET_MAX characters around the first match', () => {
    const text = snippet(['Intro without it.', long], new Map([['retri', 1]]));
    expect(text.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(text).toContain('The retry budget stays inside the timeout.');
    expect(text.startsWith('…')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });

  it('prefers the passage with more distinct terms', () => {
    const weights = new Map([
      ['timeout', 1],
      ['retri', 1],
    ]);
    expect(snippet(['timeout timeout timeout', 'retry and timeout'], weights)).toBe('retry and timeout');
  });

  it('falls back to the first passage without a match', () => {
    expect(snippet(['Description.', 'Body.'], new Map([['zzz', 1]]))).toBe('Description.');
  });
});
