// What the docs say an API key looks like, against a key the service really issues: the README, the
// examples, the site's pages (the provider reference among them, generated from the provider's
// schema descriptions) and the schema itself show `svc_...`, the prefix every key has.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';

const ROOT = join(__dirname, '..', '..');

/** Text files under `dir` (build output and dependencies aside). */
function filesUnder(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (['node_modules', 'dist', '.terraform', 'cdktf.out'].includes(name)) return [];
    if (statSync(path).isDirectory()) return filesUnder(path, extensions);
    return extensions.test(name) ? [path] : [];
  });
}

describe('docs: API keys as the service issues them', () => {
  let t: HttpTestApp;
  let issued: string;

  beforeAll(async () => {
    t = await startHttpApp();
    issued = (await newTenant(t)).writeKey;
  });

  afterAll(() => t.close());

  it('shows every key as svc_..., the prefix of the keys the service issues', () => {
    const prefix = /^([a-z]+_)/.exec(issued)?.[1];
    expect(prefix).toBe('svc_');
    const documents = [
      join(ROOT, 'README.md'),
      ...filesUnder(join(ROOT, 'examples'), /\.(md|tf|ts|sh)$/),
      ...filesUnder(join(ROOT, 'content'), /\.md$/),
      join(ROOT, 'provider-schema', 'schema.json'),
      ...filesUnder(join(ROOT, 'provider', 'src'), /\.ts$/),
      ...filesUnder(join(ROOT, 'cdktf', 'src'), /\.ts$/),
    ];
    const otherPrefixes = documents.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?<![\w-])sk_[\w.]*/g)].map(
        (match) => `${relative(ROOT, file)}: ${match[0]}`,
      ),
    );
    expect(otherPrefixes).toEqual([]);
  });

  it("says so in the provider reference on the site, generated from the provider's schema", async () => {
    const page = await (await fetch(`${t.baseUrl}/docs/provider`)).text();
    expect(page).toContain('API key of the workspace to manage (an <code>svc_...</code> key with write scope)');
  });
});
