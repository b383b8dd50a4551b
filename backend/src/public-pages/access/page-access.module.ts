import { Module } from '@nestjs/common';
import { resolveSecretKey, type AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { RateWindows } from '../../rate-limit/rate-windows';
import { StatusPagesModule } from '../../status-pages/status-pages.module';
import { MailerService } from '../../mail/mailer.service';
import { AccessMailLimiter, PasswordAttemptLimiter } from './access-limits';
import { PageAccess } from './page-access';
import { PagePasswords } from './page-passwords';
import { PageSessions } from './page-sessions';

/**
 * Access control of protected public pages: the check every surface of a page calls (PageAccess) and
 * what the access routes need to let visitors in (sessions, limits, the mailer for sign-in links).
 */
@Module({
  imports: [StatusPagesModule],
  providers: [
    PageAccess,
    PagePasswords,
    MailerService,
    {
      provide: PageSessions,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new PageSessions(resolveSecretKey(config)),
    },
    {
      provide: PasswordAttemptLimiter,
      inject: [RateWindows],
      useFactory: (w: RateWindows) => new PasswordAttemptLimiter(w),
    },
    { provide: AccessMailLimiter, inject: [RateWindows], useFactory: (w: RateWindows) => new AccessMailLimiter(w) },
  ],
  exports: [PageAccess, PagePasswords, PageSessions, PasswordAttemptLimiter, AccessMailLimiter, MailerService],
})
export class PageAccessModule {}
