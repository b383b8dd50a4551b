import { DOMParser } from '@xmldom/xmldom';
import { badgeStyle, renderBadge, sanitizeLabel, textWidth, BADGE_LABEL_MAX } from './badge';

const parse = (svg: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(svg, 'image/svg+xml');

describe('badge', () => {
  it('is valid SVG with the label and status as text, escaped, and a width that grows with the text', () => {
    const svg = renderBadge({ label: 'API <v2> & "x"', status: 'major_outage', style: 'flat' });
    const doc = parse(svg);
    const root = doc.documentElement!;
    expect(root.tagName).toBe('svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('aria-label')).toBe('API <v2> & "x": major outage');
    const texts = Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent);
    expect(texts).toEqual(['API <v2> & "x"', 'API <v2> & "x"', 'major outage', 'major outage']);
    expect(svg).not.toContain('<v2>');
    const width = (label: string) =>
      Number(
        parse(renderBadge({ label, status: 'operational', style: 'flat' })).documentElement!.getAttribute('width'),
      );
    expect(width('status')).toBeLessThan(width('a much longer label'));
    expect(width('iiii')).toBeLessThan(width('WWWW'));
  });

  it('colours by status and draws flat-square without rounded corners or gradient', () => {
    const ok = renderBadge({ label: 'status', status: 'operational', style: 'flat' });
    const down = renderBadge({ label: 'status', status: 'outage', style: 'flat-square' });
    expect(ok).toContain('#2e8540');
    expect(down).toContain('#c53030');
    expect(ok).toContain('rx="3"');
    expect(down).toContain('rx="0"');
    expect(down).not.toContain('linearGradient');
  });

  it('bounds and cleans a label override; unknown styles are flat', () => {
    expect(sanitizeLabel('  my\r\nservice\u0000 ')).toBe('my service');
    expect(sanitizeLabel('x'.repeat(100))).toHaveLength(BADGE_LABEL_MAX);
    expect(sanitizeLabel('   ')).toBeNull();
    expect(sanitizeLabel(['a'])).toBeNull();
    expect(badgeStyle('flat-square')).toBe('flat-square');
    expect(badgeStyle('<plastic>')).toBe('flat');
    expect(textWidth('')).toBe(0);
  });
});
