// What the MCP tools need from other modules, as interfaces: subscriber notifications for the
// publishing tools and the public content index for the content tools and resources.
import type { ServiceContext } from '../common/context';

export type { PageEvent } from '../subscribers/subscriber-notifier.service';
import type { PageEvent } from '../subscribers/subscriber-notifier.service';

export const PAGE_NOTIFIER = Symbol('PAGE_NOTIFIER');
export interface PageNotifier {
  /** Resolves when dispatch finished (a no-op on plans without subscriber notifications); throws when it failed. */
  notify(ctx: ServiceContext, event: PageEvent): Promise<unknown>;
}

export const CONTENT_INDEX = Symbol('CONTENT_INDEX');
export interface ContentHitLike {
  title: string;
  type: string;
  snippet: string;
  url: string;
  path: string;
}
export interface ContentPageLike {
  title: string;
  type: string;
  path: string;
  url: string;
  markdown: string;
}
export interface ContentIndex {
  search(query: string, types: readonly string[], limit?: number): ContentHitLike[];
  getPage(path: string): ContentPageLike;
  llmsTxt(): string;
}
