// MCP tools of status pages and their components (SPEC §4.2).
import { z } from 'zod';
import type { PageComponentsService } from '../../status-pages/page-components.service';
import type { StatusPagesService } from '../../status-pages/status-pages.service';
import { entityId } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, type McpTool } from './define-tool';

/** list_status_pages is not paginated; it reads the service's pages at the service's largest size. */
const PAGE_SIZE = 100;

export function statusPageTools(pages: StatusPagesService, components: PageComponentsService): McpTool[] {
  return [
    defineTool({
      name: 'list_status_pages',
      title: 'List status pages',
      description: 'All status pages of the workspace with their id, slug and title (not paginated).',
      kind: 'read',
      input: z.object({}),
      output: z.object({ statusPages: z.array(shapes.statusPageOut) }),
      run: async (ctx) => {
        const statusPages: z.input<typeof shapes.statusPageOut>[] = [];
        for (let offset = 0; ; offset += PAGE_SIZE) {
          const { items, totalSize } = await pages.list(ctx, { limit: PAGE_SIZE, offset });
          statusPages.push(
            ...items.map((p) => ({
              id: p.id,
              slug: p.slug,
              title: p.title,
              description: p.description,
              published: p.published,
              customDomain: p.customDomain,
              embedOrigins: p.embedOrigins,
            })),
          );
          if (offset + PAGE_SIZE >= totalSize || !items.length) break;
        }
        return { statusPages };
      },
    }),
    defineTool({
      name: 'list_page_components',
      title: 'List page components',
      description:
        "Components of one status page: id, name (as set; empty: the page shows the linked monitor's name), type (monitor or static) and the linked monitor.",
      kind: 'read',
      input: z.object({ pageId: entityId('pageId') }),
      output: z.object({ components: z.array(shapes.componentOut) }),
      run: async (ctx, { pageId }) => ({
        components: (await components.listComponents(ctx, pageId)).map((c) => ({
          id: c.id,
          name: c.name,
          type: c.type,
          monitorId: c.monitorId,
          description: c.description,
          groupId: c.groupId,
          order: c.order,
        })),
      }),
    }),
  ];
}
