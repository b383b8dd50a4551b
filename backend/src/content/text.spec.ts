import { stem, tokenize } from './text';

describe('tokenize', () => {
  it('lowercases, splits on punctuation and drops stop words', () => {
    expect(tokenize('The x-service-key header, and LIST_MONITORS!').map((t) => t.word)).toEqual([
      'x',
      'service',
      'key',
      'header',
      'list',
      'monitors',
    ]);
  });

  it('splits Unicode words and folds accents', () => {
    expect(tokenize('Überwachung café 東京 naïve').map((t) => t.word)).toEqual([
      'uberwachung',
      'cafe',
      '東京',
      'naive',
    ]);
  });

  it('keeps offsets into the original text', () => {
    const text = 'Private locations';
    const [first, second] = tokenize(text);
    expect(text.slice(first.start, first.end)).toBe('Private');
    expect(text.slice(second.start, second.end)).toBe('locations');
  });

  it('keeps stop words when asked', () => {
    expect(tokenize('how to', true).map((t) => t.word)).toEqual(['how', 'to']);
  });
});

describe('stem', () => {
  it.each([
    [['monitor', 'monitors', 'monitoring', 'monitored'], 'monitor'],
    [['check', 'checks', 'checking', 'checked'], 'check'],
    [['connect', 'connected', 'connecting', 'connection', 'connections'], 'connect'],
    [['run', 'runs', 'running'], 'run'],
    [['assertion', 'assertions'], 'assert'],
  ])('brings %j to %s', (words, expected) => {
    for (const word of words) expect(stem(word)).toBe(expected);
  });

  it('follows the Porter examples', () => {
    expect(stem('caresses')).toBe('caress');
    expect(stem('ponies')).toBe('poni');
    expect(stem('relational')).toBe('relat');
    expect(stem('hopping')).toBe('hop');
    expect(stem('generalization')).toBe('gener');
  });

  it('leaves short words, numbers and non-Latin words alone', () => {
    expect(stem('is')).toBe('is');
    expect(stem('429')).toBe('429');
    expect(stem('東京')).toBe('東京');
  });
});
