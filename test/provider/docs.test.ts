// The provider reference under content/docs/provider: the committed pages are what the schema and the
// HCL examples generate (CI fails on drift), every resource, data source and attribute of the schema is
// documented, and the pages load and render through the site's own content service and renderer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentService, findContentDir } from '../../backend/src/content/content.service';
import { markdown } from '../../backend/src/content/markdown';
import { renderPage } from '../../backend/src/site/site.render';
import { findRootDir, listPages } from '../../provider-schema/scripts/generate-docs';
import {
  DOCS_FOLDER,
  inline,
  pageFile,
  pagePath,
  pageTitle,
  PROVIDER_ADDRESS,
  renderProviderDocs,
  type JsonBlock,
  type JsonType,
  type PageKind,
  type ProviderSchemas,
} from '../../provider-schema/scripts/provider-docs';

const root = findRootDir(__dirname);
const docsDir = join(root, 'content', DOCS_FOLDER);
const examplesDir = join(root, 'examples');
const schema = JSON.parse(readFileSync(join(root, 'provider-schema', 'schema.json'), 'utf8')) as ProviderSchemas;
const provider = schema.provider_schemas[PROVIDER_ADDRESS];

const types: { kind: PageKind; typeName: string; block: JsonBlock }[] = [
  ...Object.entries(provider.resource_schemas ?? {}).map(([typeName, s]) => ({
    kind: 'resource' as const,
    typeName,
    block: s.block,
  })),
  ...Object.entries(provider.data_source_schemas ?? {}).map(([typeName, s]) => ({
    kind: 'data-source' as const,
    typeName,
    block: s.block,
  })),
];

/** Every attribute, block and object field name of a block, at any depth. */
function names(block: JsonBlock): string[] {
  const out: string[] = [];
  const fields = (type: JsonType | undefined): void => {
    if (!Array.isArray(type)) return;
    if (type[0] === 'object') {
      for (const [name, inner] of Object.entries(type[1] as Record<string, JsonType>)) {
        out.push(name);
        fields(inner);
      }
    } else fields(type[1] as JsonType);
  };
  for (const [name, attribute] of Object.entries(block.attributes ?? {})) {
    out.push(name);
    if (attribute.nested_type) out.push(...names({ attributes: attribute.nested_type.attributes }));
    fields(attribute.type);
  }
  for (const [name, blockType] of Object.entries(block.block_types ?? {})) out.push(name, ...names(blockType.block));
  return out;
}

describe('provider docs', () => {
  let generated: Map<string, string>;

  beforeAll(async () => {
    generated = await renderProviderDocs({ schema, examplesDir, rootDir: root });
  });

  it('are committed exactly as the schema and the examples generate them (npm run provider:docs)', async () => {
    expect(listPages(docsDir)).toEqual([...generated.keys()].sort());
    for (const [file, text] of generated) {
      expect([file, readFileSync(join(docsDir, file), 'utf8')]).toEqual([file, text]);
    }
    // Deterministic: a second run gives the same bytes.
    expect(await renderProviderDocs({ schema, examplesDir, rootDir: root })).toEqual(generated);
  });

  it('have a page for every resource and data source, naming every attribute at every depth', () => {
    expect(types.length).toBeGreaterThan(0);
    for (const { kind, typeName, block } of types) {
      const page = generated.get(pageFile(kind, typeName));
      expect([typeName, page !== undefined]).toEqual([typeName, true]);
      expect(page).toContain(`title: ${pageTitle(kind, typeName)}\n`);
      for (const name of names(block))
        expect([typeName, name, page!.includes(`\`${name}\``)]).toEqual([typeName, name, true]);
      for (const [name] of Object.entries(block.attributes ?? {})) {
        const a = block.attributes![name];
        if (a.sensitive) expect(page).toMatch(new RegExp(`^- \`${name}\` \\([^)]*Sensitive`, 'm'));
      }
    }
    const index = generated.get('index.md')!;
    for (const { kind, typeName } of types) expect(index).toContain(`[\`${typeName}\`](${pagePath(kind, typeName)})`);
    for (const name of names(provider.provider.block ?? {})) expect(index).toContain(`\`${name}\``);
  });

  it('show every example file: usage on each page, import on each resource page, the provider block on the index', () => {
    const read = (...parts: string[]) => readFileSync(join(examplesDir, ...parts), 'utf8').trimEnd();
    expect(generated.get('index.md')).toContain(`\`\`\`hcl\n${read('provider', 'provider.tf')}\n\`\`\``);
    for (const { kind, typeName } of types) {
      const page = generated.get(pageFile(kind, typeName))!;
      if (kind === 'resource') {
        expect(page).toContain(`\`\`\`hcl\n${read('resources', typeName, 'resource.tf')}\n\`\`\``);
        expect(page).toContain(`## Import\n`);
        expect(page).toContain(`\`\`\`shell\n${read('resources', typeName, 'import.sh')}\n\`\`\``);
      } else {
        expect(page).toContain(`\`\`\`hcl\n${read('data-sources', typeName, 'data-source.tf')}\n\`\`\``);
      }
    }
    // No example for a type the provider does not have.
    const known = new Set(types.map((t) => t.typeName));
    for (const folder of ['resources', 'data-sources']) {
      for (const file of readdirSync(join(examplesDir, folder)).sort())
        expect([file, known.has(file)]).toEqual([file, true]);
    }
  });

  it('load through the content service and render on the site, escapes resolved', () => {
    const content = new ContentService({ siteUrl: 'https://site.test' }, findContentDir());
    const paths = new Set(content.pages().map((p) => p.path));
    const index = content.getPage('/docs/provider');
    expect(index.title).toBe('Terraform provider reference');
    for (const { kind, typeName, block } of types) {
      const page = content.getPage(pagePath(kind, typeName));
      expect(page.title).toBe(pageTitle(kind, typeName));
      const html = renderPage(page);
      expect(html).toContain(`<h1>${pageTitle(kind, typeName)}</h1>`);
      expect(html).toContain('<h2>Example usage</h2>');
      for (const name of names(block)) expect(html).toContain(`<code>${name}</code>`);
      // Escapes are markdown's business: none reaches the reader.
      const text = html.replace(/<pre>[\s\S]*?<\/pre>/g, '');
      expect([typeName, /\\[_*[\]<>&#|~!`]/.test(text)]).toEqual([typeName, false]);
    }
    // Every site link of the generated pages and of the landing page resolves to a page.
    for (const page of [
      index,
      content.getPage('/docs/reference/terraform-provider'),
      ...types.map((t) => content.getPage(pagePath(t.kind, t.typeName))),
    ]) {
      for (const [, href] of page.markdown.matchAll(/\]\((\/[^)]*)\)/g))
        expect([page.path, href, paths.has(href)]).toEqual([page.path, href, true]);
    }
  });

  it('keep the landing page in step: the canonical provider block and every resource', () => {
    const landing = readFileSync(join(root, 'content', 'docs', 'reference', 'terraform-provider.md'), 'utf8');
    const providerTf = readFileSync(join(examplesDir, 'provider', 'provider.tf'), 'utf8').trimEnd();
    expect(landing).toContain(`\`\`\`hcl\n${providerTf}\n\`\`\``);
    expect(landing).toContain('](/docs/provider)');
    for (const { typeName } of types) expect([typeName, landing.includes(`\`${typeName}\``)]).toEqual([typeName, true]);
  });

  it('escape plain descriptions so markdown shows them as written, backtick spans as code', () => {
    for (const text of [
      'Between 1 and 10 *items*, e.g. [a] or <b> & #1 | x ~ y ! z \\ done.',
      'snake_case and _leading and trailing_ underscores',
      'An odd ` backtick',
    ]) {
      expect(markdown.renderInline(inline(text, 'plain'))).toBe(escapeHtml(text));
    }
    expect(markdown.renderInline(inline('One of `GET`, `POST`; default `GET`.', 'plain'))).toBe(
      'One of <code>GET</code>, <code>POST</code>; default <code>GET</code>.',
    );
    expect(inline('multi\n  line\n\ntext', 'plain')).toBe('multi line text');
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
