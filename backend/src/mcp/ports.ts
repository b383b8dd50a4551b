// What the MCP endpoint and tools need from other modules, as interfaces: the public content index
// for the content tools and resources.
import type { ContentService } from '../content/content.service';

export const CONTENT_INDEX = Symbol('CONTENT_INDEX');
/** What the content tools and resources read: the public site's pages and index. */
export type ContentIndex = Pick<ContentService, 'search' | 'getPage' | 'llmsTxt'>;
