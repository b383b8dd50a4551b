// The verbs of /metrics, whatever carries them: who is asking (a workspace's API key sees its own
// monitors; METRICS_TOKEN, the operator, sees every workspace and the service's own metrics), and the
// exposition that caller may read. Per-monitor values are read from the database at scrape time, so
// every API node answers the same for them.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { CHECK_RESULTS_PORT, type CheckResultsPort } from '../check-results/check-results.port';
import type { ServiceContext } from '../common/context';
import { UnauthorizedError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { expose } from './exposition';
import { monitorFamilies, WINDOW_HOURS } from './monitor-metrics';
import { ServiceMetrics } from './service-metrics';

/** Who scrapes: the operator (every workspace and the internals), or one workspace's key. */
export type MetricsAccess = { view: 'operator' } | { view: 'workspace'; ctx: ServiceContext };

/** API keys start with it (auth/credential.ts); OAuth access tokens (`svc_oat_`) are not for /metrics. */
const API_KEY_PREFIX = 'svc_';
const ACCESS_TOKEN_PREFIX = 'svc_oat_';

const digest = (value: string) => createHash('sha256').update(value).digest();

@Injectable()
export class MetricsService {
  /** The token's digest, so the comparison takes the same time whatever the length of a guess. */
  private readonly operatorDigest: Buffer | null;

  constructor(
    @Inject(ApiKeysService) private readonly keys: ApiKeysService,
    @Inject(CHECK_RESULTS_PORT) private readonly results: CheckResultsPort,
    @Inject(ServiceMetrics) private readonly service: ServiceMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.operatorDigest = config.metricsToken ? digest(config.metricsToken) : null;
  }

  /**
   * The access a bearer credential gives: METRICS_TOKEN (compared in constant time) or a workspace
   * API key of either scope. UnauthorizedError for anything else, with one message whichever it was.
   */
  async authenticate(credential: string | null): Promise<MetricsAccess> {
    if (!credential) throw new UnauthorizedError('Expected Authorization: Bearer <API key or METRICS_TOKEN>');
    if (this.operatorDigest && timingSafeEqual(digest(credential), this.operatorDigest)) return { view: 'operator' };
    if (credential.startsWith(API_KEY_PREFIX) && !credential.startsWith(ACCESS_TOKEN_PREFIX)) {
      return { view: 'workspace', ctx: await this.keys.authenticate(credential, 'rest') };
    }
    throw new UnauthorizedError('Invalid credential: expected an API key or METRICS_TOKEN');
  }

  /** The exposition the caller may read: its monitors, and for the operator every monitor and the internals. */
  async scrape(access: MetricsAccess, now = new Date()): Promise<string> {
    const workspaceId = access.view === 'workspace' ? access.ctx.workspace.id : null;
    const rows = await this.results.metricsSnapshot(workspaceId, new Date(now.getTime() - WINDOW_HOURS * 3_600_000));
    const monitors = await expose(monitorFamilies(rows));
    return access.view === 'operator' ? `${monitors}\n${await this.service.expose()}` : monitors;
  }
}
