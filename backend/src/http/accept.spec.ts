import { mediaRanges, preferredType, qualityOf } from './accept';

describe(preferredType.name, () => {
  const offered = ['text/html', 'application/json'] as const;

  it('answers JSON to a client that asks for JSON', () => {
    expect(preferredType('application/json', offered)).toBe('application/json');
    expect(preferredType('application/json, text/plain;q=0.5', offered)).toBe('application/json');
    expect(preferredType('text/html;q=0.1, application/*', offered)).toBe('application/json');
  });

  it('answers the default to browsers, to */* and to no or an unreadable header', () => {
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    expect(preferredType(browser, offered)).toBe('text/html');
    expect(preferredType('*/*', offered)).toBe('text/html');
    expect(preferredType(undefined, offered)).toBe('text/html');
    expect(preferredType('garbage', offered)).toBe('text/html');
    expect(preferredType('application/json, text/html', offered)).toBe('text/html');
  });
});

describe(qualityOf.name, () => {
  it('takes the weight of the most specific matching range', () => {
    const ranges = mediaRanges('*/*;q=0.1, application/*;q=0.5, application/json;q=0');
    expect(qualityOf(ranges, 'application/json')).toBe(0);
    expect(qualityOf(ranges, 'application/xml')).toBe(0.5);
    expect(qualityOf(ranges, 'text/html')).toBe(0.1);
    expect(qualityOf(mediaRanges('text/html'), 'application/json')).toBe(0);
  });
});
