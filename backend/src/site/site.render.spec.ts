import type { ContentPage } from '../content/content.service';
import { escapeHtml } from '../common/html';
import { renderNotFound, renderPage } from './site.render';

const page = (markdown: string): ContentPage => ({
  title: 'A <b>title</b>',
  type: 'docs',
  path: '/docs/x',
  url: 'https://site.test/docs/x',
  description: 'Say "hi" & go',
  markdown,
});

describe('site rendering', () => {
  it('renders markdown and escapes raw HTML in it', () => {
    const html = renderPage(
      page(
        '# Head\n\n<script>alert(1)</script>\n\nText with <img src=x onerror=alert(1)> and `code`.\n\n[bad](javascript:alert(1))',
      ),
    );
    expect(html).toContain('<h1>Head</h1>');
    expect(html).toContain('<code>code</code>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
  });

  it('escapes the title and description', () => {
    const html = renderPage(page('body'));
    expect(html).toContain('<h1>A &#60;b&#62;title&#60;/b&#62;</h1>');
    expect(html).toContain('Say &#34;hi&#34; &#38; go');
  });

  it('escapes the path on the 404 page', () => {
    expect(renderNotFound('/docs/<x>')).toContain('/docs/&#60;x&#62;');
    expect(escapeHtml(`<>&"'`)).toBe('&#60;&#62;&#38;&#34;&#39;');
  });
});
