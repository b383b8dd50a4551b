// The stored password hash of a password page. PublicPage leaves it out on purpose (it is cached and
// handed to every renderer), so the access check reads it from the status pages' repository and keeps
// it in memory per page until the page changes (updatedAt moves whenever the password does), and at
// most HASH_TTL_MS, so a changed password signs everyone out soon even if a page cache lags.
import { Inject, Injectable } from '@nestjs/common';
import { STATUS_PAGES_PORT, type StatusPagesPort } from '../../status-pages/status-pages.port';
import type { PublicPage } from '../public-page.types';

const HASH_TTL_MS = 5_000;

@Injectable()
export class PagePasswords {
  private readonly hashes = new Map<string, { updatedAt: number; readAt: number; hash: string | null }>();

  constructor(@Inject(STATUS_PAGES_PORT) private readonly repository: StatusPagesPort) {}

  async hashOf(page: PublicPage, now = Date.now()): Promise<string | null> {
    const cached = this.hashes.get(page.id);
    if (cached && cached.updatedAt === page.updatedAt.getTime() && now - cached.readAt < HASH_TTL_MS) {
      return cached.hash;
    }
    const entity = await this.repository.findPage(page.workspaceId, page.id);
    const hash = entity?.passwordHash ?? null;
    this.hashes.set(page.id, { updatedAt: page.updatedAt.getTime(), readAt: now, hash });
    return hash;
  }
}
