import { Module } from '@nestjs/common';
import { RateLimitHook } from './rate-limit.hook';
import { RateLimiter } from './rate-limiter';

@Module({ providers: [RateLimiter, RateLimitHook], exports: [RateLimiter, RateLimitHook] })
export class RateLimitModule {}
