// What the service layer returns for a subscriber. The token (hash) never leaves the module.
import type { Snapshot } from '../audit/audit-snapshot';
import type { PageSubscriberEntity, SubscriberStatus } from './page-subscriber.entity';

export interface SubscriberView {
  id: string;
  pageId: string;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export function toSubscriberView(s: PageSubscriberEntity): SubscriberView {
  return {
    id: s.id,
    pageId: s.pageId,
    email: s.email,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    confirmedAt: s.confirmedAt ? s.confirmedAt.toISOString() : null,
    unsubscribedAt: s.unsubscribedAt ? s.unsubscribedAt.toISOString() : null,
  };
}

export function subscriberSnapshot(view: SubscriberView): Snapshot {
  return { ...view };
}
