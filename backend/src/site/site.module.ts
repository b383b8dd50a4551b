import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { SiteRoutes } from './site.routes';

/** The public website over ContentService: `/`, every page (HTML and `.md`), type indexes, `/llms.txt`. */
@Module({ imports: [ContentModule], providers: [SiteRoutes] })
export class SiteModule {}
