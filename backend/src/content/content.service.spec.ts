import { NotFoundError, ValidationError } from '../common/errors';
import { CONTENT_TYPES, ContentService, findContentDir, normalizePath } from './content.service';

describe(ContentService.name, () => {
  const sut = new ContentService({ siteUrl: 'https://site.example/' }, findContentDir());

  it('loads a page for every required path', () => {
    for (const path of [
      '/docs/reference/mcp-server',
      '/docs/reference/rpc-api',
      '/docs/reference/terraform-provider',
      '/docs/self-hosting',
      '/pricing',
      '/customer-stories',
    ]) {
      expect(sut.getPage(path).path).toBe(path);
    }
  });

  it('accepts paths with or without a leading slash, .md or the site origin', () => {
    for (const path of ['/docs/self-hosting', 'docs/self-hosting', '/docs/self-hosting.md', 'docs/self-hosting.md/']) {
      expect(sut.getPage(path).title).toBe('Self-hosting');
    }
    const page = sut.getPage('https://site.example/docs/self-hosting');
    expect(page.url).toBe('https://site.example/docs/self-hosting');
    expect(page.type).toBe('docs');
    expect(page.markdown).toContain('npm ci && npm start');
    expect(page.markdown).not.toMatch(/^---/);
  });

  it('throws NOT_FOUND naming an unknown path', () => {
    expect(() => sut.getPage('/docs/nope')).toThrow(NotFoundError);
    expect(() => sut.getPage('/docs/nope')).toThrow('/docs/nope');
    expect(() => sut.getPage('/health')).toThrow(NotFoundError);
  });

  it('searches across types, best first', () => {
    const hits = sut.search('mcp server tools', []);
    expect(hits[0].path).toBe('/docs/reference/mcp-server');
    expect(hits[0].url).toBe('https://site.example/docs/reference/mcp-server');
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1].score).toBeGreaterThanOrEqual(hits[i].score);
  });

  it('filters by type', () => {
    const hits = sut.search('monitor', ['guides', 'changelog']);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(['guides', 'changelog']).toContain(hit.type);
    expect(sut.search('pricing plans free', ['pricing'])[0].path).toBe('/pricing');
  });

  it('returns plain-text snippets of at most about 200 characters', () => {
    for (const hit of sut.search('api key header', [], 50)) {
      expect(hit.snippet.length).toBeLessThanOrEqual(200);
      expect(hit.snippet).not.toMatch(/`|\*\*|\]\(|^#/);
    }
  });

  it('defaults to 10 results and caps the limit at 50', () => {
    expect(sut.search('the service monitors status pages', [])).toHaveLength(10);
    expect(sut.search('the service monitors status pages', [], 3)).toHaveLength(3);
    const all = sut.search('the service monitors status pages api', [], 1000);
    expect(all.length).toBeLessThanOrEqual(50);
    expect(all.length).toBeGreaterThan(10);
    expect(sut.search('monitors', [], 0)).toHaveLength(1);
  });

  it('rejects an empty query and an unknown type', () => {
    expect(() => sut.search('  ', [])).toThrow(ValidationError);
    expect(() => sut.search('x', ['nope' as never])).toThrow(ValidationError);
  });

  it('lists every page in llms.txt with its absolute URL', () => {
    const text = sut.llmsTxt();
    expect(text.startsWith('# Uptime Service\n\n> ')).toBe(true);
    expect(text).toMatch(/free, open-source/);
    for (const page of sut.pages()) expect(text).toContain(`- [${page.title}](${page.url}): ${page.description}`);
  });

  it('has pages of every type, and no invented customers', () => {
    const types = new Set(sut.pages().map((p) => p.type));
    for (const type of CONTENT_TYPES) expect(types).toContain(type);
    expect(sut.pages().filter((p) => p.type === 'customer-stories')).toHaveLength(1);
  });
});

describe('normalizePath', () => {
  it.each([
    ['docs/x', '/docs/x'],
    ['/docs/x.md', '/docs/x'],
    ['/docs/', '/docs'],
    ['/docs/index.md', '/docs'],
    ['https://a.example/docs/x?y=1#z', '/docs/x'],
    ['', '/'],
  ])('%s -> %s', (input, expected) => expect(normalizePath(input)).toBe(expected));
});
