// subscriber.v1.SubscriberService: maps proto messages to the service verbs and back. No rule lives
// here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  SubscriberSchema,
  SubscriberStatusSchema,
  type Subscriber,
  type SubscriberService,
} from '@uptime/proto/gen/subscriber/v1/subscriber_service_pb';
import { paginationOf } from '../common/paging';
import { EnumCodec } from '../rpc-kit/enum-codec';
import { timestampOut } from '../rpc-kit/fields';
import { serviceContext } from '../rpc-kit/call-context';
import type { SubscriberView } from './subscriber.view';
import type { SubscribersService } from './subscribers.service';

export const statusCodec = new EnumCodec<SubscriberView['status']>(SubscriberStatusSchema, 'SUBSCRIBER_STATUS_');

export function subscriberOut(v: SubscriberView): Subscriber {
  return create(SubscriberSchema, {
    id: v.id,
    pageId: v.pageId,
    email: v.email,
    status: statusCodec.encode(v.status),
    createdAt: timestampOut(v.createdAt),
    confirmedAt: timestampOut(v.confirmedAt),
    unsubscribedAt: timestampOut(v.unsubscribedAt),
  });
}

export function subscriberServiceImpl(subscribers: SubscribersService): ServiceImpl<typeof SubscriberService> {
  return {
    async addSubscriber(req, ctx) {
      const { subscriber, confirmationSent } = await subscribers.add(serviceContext(ctx), req.pageId, req.email);
      return { subscriber: subscriberOut(subscriber), confirmationSent };
    },

    async importSubscribers(req, ctx) {
      return subscribers.import(serviceContext(ctx), req.pageId, req.emails, { confirmed: req.confirmed });
    },

    async listSubscribers(req, ctx) {
      const listed = await subscribers.list(serviceContext(ctx), req.pageId, { page: req.page, perPage: req.perPage });
      return { subscribers: listed.items.map(subscriberOut), pagination: paginationOf(listed) };
    },

    async removeSubscriber(req, ctx) {
      await subscribers.remove(serviceContext(ctx), req.id);
      return { success: true };
    },
  };
}
