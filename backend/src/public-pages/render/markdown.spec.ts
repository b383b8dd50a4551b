import { escapeMarkdown, renderMarkdown } from './markdown';
import { fixtureSnapshot } from './machine-fixtures';

describe(renderMarkdown.name, () => {
  it('has the title, overall status, components with status and uptime, the incident timeline and maintenances', () => {
    const sut = renderMarkdown(fixtureSnapshot(), 'https://status.example.test/status/acme');
    expect(sut).toContain('# Acme \\<Status\\> \\& "Co"\n');
    expect(sut).toContain('Overall status: **partial outage**');
    expect(sut).toContain(
      '- Backend\n  - API \\<v2\\>: outage, 99.12% uptime (90 days)\n- Website: operational, no data',
    );
    expect(sut).toContain('### API errors \\& \\<timeouts\\>');
    expect(sut.indexOf('rolling back')).toBeLessThan(sut.indexOf('Errors on'));
    expect(sut).toContain(
      '## Maintenances in progress\n\n- **Database upgrade**, 2026-11-20T11:00:00.000Z to 2026-11-20T13:00:00.000Z',
    );
    expect(sut).toContain('## Upcoming maintenances\n\n- **Network work**');
    expect(sut.endsWith('\n')).toBe(true);
  });

  it('makes page data inert: links, HTML, headings and list markers are escaped', () => {
    expect(escapeMarkdown('[x](javascript:alert(1)) <b>')).toBe('\\[x\\]\\(javascript:alert\\(1\\)\\) \\<b\\>');
    expect(escapeMarkdown('# not a heading\nnext')).toBe('\\# not a heading next');
    expect(escapeMarkdown('- item', false)).toBe('\\- item');
  });
});
