// What the service layer returns for a subscriber. The token (hash) never leaves the module.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { isoDateTime, viewId } from '../common/view-schema';
import { SUBSCRIBER_STATUSES, type PageSubscriberEntity } from './page-subscriber.entity';

export const subscriberView = z.object({
  id: viewId,
  pageId: viewId,
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: isoDateTime,
  confirmedAt: isoDateTime.nullable(),
  unsubscribedAt: isoDateTime.nullable(),
});
export type SubscriberView = z.infer<typeof subscriberView>;

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
