// MCP tools of status pages and their components (SPEC §4.2).
import { z } from 'zod';
import type { PageComponentsService } from '../../status-pages/page-components.service';
import type { StatusPageView } from '../../status-pages/status-page.views';
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
        const statusPages: StatusPageView[] = [];
        for (let offset = 0; ; offset += PAGE_SIZE) {
          const { items, totalSize } = await pages.list(ctx, { limit: PAGE_SIZE, offset });
          statusPages.push(...items);
          if (offset + PAGE_SIZE >= totalSize || !items.length) break;
        }
        // The output schema picks the fields a list row shows.
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
      run: async (ctx, { pageId }) => ({ components: await components.listComponents(ctx, pageId) }),
    }),
  ];
}
