// MCP tools of the public site's content: the docs and every public page (SPEC §4.2).
import { z } from 'zod';
import { NotFoundError } from '../../common/errors';
import { CONTENT_TYPES, type ContentType } from '../../content/content.service';
import * as shapes from '../mcp-outputs';
import type { ContentIndex } from '../ports';
import { defineTool, type McpTool } from './define-tool';

/** The content types of the docs tools (search_docs, get_doc_page). */
const DOC_TYPES = ['docs', 'guides', 'changelog'] as const satisfies readonly ContentType[];

/** Hits per search. */
const HITS = 10;

const query = z.string().min(1).max(200);
const path = z.string().min(1).max(300);

export function contentTools(content: ContentIndex): McpTool[] {
  const pageOf = (asked: string, types: readonly ContentType[]) => {
    const p = content.getPage(asked);
    if (!types.includes(p.type)) throw new NotFoundError(`no ${types.join(', ')} page at ${JSON.stringify(asked)}`);
    return { title: p.title, type: p.type, path: p.path, url: p.url, markdown: p.markdown };
  };
  return [
    defineTool({
      name: 'search_docs',
      title: 'Search the documentation',
      description: 'Full-text search of the docs (default), guides or changelog: title, snippet, url and path.',
      kind: 'read',
      input: z.object({ query, type: z.enum(DOC_TYPES).default('docs') }),
      output: z.object({ results: z.array(shapes.searchHitOut) }),
      run: async (_ctx, a) => ({
        results: content.search(a.query, [a.type], HITS).map(({ title, snippet, url, path }) => ({
          title,
          snippet,
          url,
          path,
        })),
      }),
    }),
    defineTool({
      name: 'get_doc_page',
      title: 'Get a documentation page',
      description: 'The full markdown of a docs, guides or changelog page, by path.',
      kind: 'read',
      input: z.object({ path }),
      output: shapes.contentPageOut,
      run: async (_ctx, a) => pageOf(a.path, DOC_TYPES),
    }),
    defineTool({
      name: 'search_content',
      title: 'Search the public site',
      description:
        'Full-text search of every public page: product, pricing, blog, comparisons, use-cases, customer-stories, tooling, docs, guides, changelog (type default all).',
      kind: 'read',
      input: z.object({ query, type: z.enum(['all', ...CONTENT_TYPES]).default('all') }),
      output: z.object({ results: z.array(shapes.searchHitOut) }),
      run: async (_ctx, a) => ({
        results: content
          .search(a.query, a.type === 'all' ? CONTENT_TYPES : [a.type], HITS)
          .map(({ title, type, snippet, url, path }) => ({ title, type, snippet, url, path })),
      }),
    }),
    defineTool({
      name: 'get_content_page',
      title: 'Get a public page',
      description: 'The full markdown of any public page, by path.',
      kind: 'read',
      input: z.object({ path }),
      output: shapes.contentPageOut,
      run: async (_ctx, a) => pageOf(a.path, CONTENT_TYPES),
    }),
  ];
}
