// MCP tool of private locations (SPEC §4.2): agent tokens are never shown.
import { z } from 'zod';
import { paginationOf } from '../../common/paging';
import {
  PRIVATE_LOCATION_PAGING,
  type PrivateLocationsService,
} from '../../private-locations/private-locations.service';
import { pageArgs } from '../mcp-inputs';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

export function privateLocationTools(locations: PrivateLocationsService): McpTool[] {
  return [
    defineTool({
      name: 'list_private_locations',
      title: 'List private locations',
      description:
        'Private locations with name, status (active, error, unknown), metadata and lastSeenAt; agent tokens are never shown.',
      kind: 'read',
      input: z.object(pageArgs(PRIVATE_LOCATION_PAGING)),
      output: z.object({ privateLocations: z.array(shapes.privateLocationOut), pagination: shapes.paginationOut }),
      run: async (ctx, args) => {
        const listed = await locations.list(ctx, args);
        return {
          privateLocations: plain(listed.items.map(({ token: _token, ...rest }) => rest)),
          pagination: paginationOf(listed),
        };
      },
    }),
  ];
}
