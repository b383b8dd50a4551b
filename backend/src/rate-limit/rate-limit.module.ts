import { Global, Module } from '@nestjs/common';
import { AuthFailureLimiter } from './auth-failure-limiter';
import { RateLimitHook } from './rate-limit.hook';
import { RateLimiter, RateWindows } from './rate-limiter';

// Global: the RPC API records its failed authentications itself (it writes its own answers).
@Global()
@Module({
  providers: [RateWindows, RateLimiter, AuthFailureLimiter, RateLimitHook],
  exports: [RateLimiter, AuthFailureLimiter, RateLimitHook],
})
export class RateLimitModule {}
