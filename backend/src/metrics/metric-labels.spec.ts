import { NAME_LABEL_MAX, nameLabel, TAGS_LABEL_MAX, tagsLabel } from './metric-labels';

describe('metric labels', () => {
  it('keeps a short name and cuts a long one to NAME_LABEL_MAX characters, never inside a character', () => {
    expect(nameLabel('API')).toBe('API');
    const cut = nameLabel('😀'.repeat(100));
    expect([...cut]).toHaveLength(NAME_LABEL_MAX);
    expect(cut.endsWith('😀…')).toBe(true);
  });

  it('sorts and dedupes tags into one label, so their order makes no new series', () => {
    expect(tagsLabel([])).toBe('');
    expect(tagsLabel(['prod', 'api', 'prod'])).toBe('api,prod');
    expect(tagsLabel(['api', 'prod'])).toBe(tagsLabel(['prod', 'api']));
  });

  it('cuts a long tag list at the last whole tag that fits, and says so', () => {
    const tags = Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(2, '0')}-${'x'.repeat(20)}`);
    const label = tagsLabel(tags);
    expect([...label].length).toBeLessThanOrEqual(TAGS_LABEL_MAX);
    expect(label.endsWith(',…')).toBe(true);
    const kept = label.slice(0, -2).split(',');
    expect(kept).toEqual(tags.slice(0, kept.length));
    expect(tagsLabel(['y'.repeat(200)])).toBe('…');
  });
});
