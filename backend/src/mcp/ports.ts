// What the MCP tools need from other modules, as interfaces: subscriber notifications for the
// publishing tools and the public content index for the content tools and resources.
import type { ServiceContext } from '../common/context';
import type { ContentService } from '../content/content.service';

export type { PageEvent } from '../subscribers/subscriber-notifier.service';
import type { PageEvent } from '../subscribers/subscriber-notifier.service';

export const PAGE_NOTIFIER = Symbol('PAGE_NOTIFIER');
export interface PageNotifier {
  /** Resolves when dispatch finished (a no-op on plans without subscriber notifications); throws when it failed. */
  notify(ctx: ServiceContext, event: PageEvent): Promise<unknown>;
}

export const CONTENT_INDEX = Symbol('CONTENT_INDEX');
/** What the content tools and resources read: the public site's pages and index. */
export type ContentIndex = Pick<ContentService, 'search' | 'getPage' | 'llmsTxt'>;
