import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { AuthFailureLimiter } from './auth-failure-limiter';
import { RateLimitHook } from './rate-limit.hook';
import { RateLimitWindowsRepository } from './rate-limit-windows.repository';
import { RateLimiter } from './rate-limiter';
import { RateWindows } from './rate-windows';

// Global: the RPC API records its failed authentications itself (it writes its own answers).
@Global()
@Module({
  providers: [
    RateLimitWindowsRepository,
    RateWindows,
    {
      provide: RateLimiter,
      inject: [APP_CONFIG, RateWindows],
      useFactory: (config: AppConfig, windows: RateWindows) => new RateLimiter(windows, config.rateLimit.perMinute),
    },
    {
      provide: AuthFailureLimiter,
      inject: [APP_CONFIG, RateWindows],
      useFactory: (config: AppConfig, windows: RateWindows) =>
        new AuthFailureLimiter(windows, config.rateLimit.authFailuresPerMinute),
    },
    RateLimitHook,
  ],
  exports: [RateLimiter, AuthFailureLimiter, RateLimitHook, RateWindows],
})
export class RateLimitModule {}
