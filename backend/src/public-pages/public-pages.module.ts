import { Module } from '@nestjs/common';

/**
 * Public status pages: the page people see at `{SITE_URL}/status/<slug>` or on the page's custom
 * domain, its history, access control, feeds, JSON status, badges, markdown twin and subscribe form.
 * Read-only over the status-page data, rendered on the server, cached until the data changes.
 */
@Module({
  imports: [],
  providers: [],
})
export class PublicPagesModule {}
