import { Module } from '@nestjs/common';
import { CONTENT_DIR, ContentService, findContentDir } from './content.service';

/** The public site's content and its search index; no transport (see site/ for the HTTP routes). */
@Module({
  providers: [{ provide: CONTENT_DIR, useFactory: () => findContentDir() }, ContentService],
  exports: [ContentService],
})
export class ContentModule {}
