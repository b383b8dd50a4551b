import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { StatusPagesModule } from '../status-pages/status-pages.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { AlertAckLinks } from './alert-ack-links';
import { AlertMessages } from './alert-messages';
import { ChannelDeletion } from './channel-deletion';
import { DeliveryHistory } from './delivery-history';
import { NotificationsRepository } from './notifications.repository';
import { NOTIFICATIONS_PORT } from './notifications.port';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [MonitorsModule, StatusPagesModule, WorkspacesModule, ChannelsModule],
  providers: [
    { provide: NOTIFICATIONS_PORT, useExisting: NotificationsRepository },
    NotificationsRepository,
    NotificationsService,
    AlertMessages,
    AlertAckLinks,
    DeliveryHistory,
    ChannelDeletion,
  ],
  exports: [NotificationsService, AlertMessages, AlertAckLinks, DeliveryHistory, ChannelDeletion, NOTIFICATIONS_PORT],
})
export class NotificationsModule {}
