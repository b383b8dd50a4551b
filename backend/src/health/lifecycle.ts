import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';

/** Knows when the process has begun to shut down, so /ready can say so while requests drain. */
@Injectable()
export class Lifecycle implements BeforeApplicationShutdown {
  draining = false;

  beforeApplicationShutdown(): void {
    this.draining = true;
  }
}
