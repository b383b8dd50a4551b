// Builds the AlertMessage of a transition (or of a test send) from what is stored: the monitor's
// name, kind and target, its workspace, the locations snapshot taken at the transition, and links.
// Links: the monitor in the dashboard (DASHBOARD_URL/app/w/<workspace>/monitors/<id>) and each
// published status page that shows it (SITE_URL/status/<page slug>).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { AlertCertificate, AlertMessage, MessageKind, AlertRegion } from '../channels/alert-message';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { STATUS_PAGES_PORT, type StatusPagesPort } from '../status-pages/status-pages.port';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { AlertAckLinks } from './alert-ack-links';

/** What a message says about a monitor: name, kind, target, workspace and the public pages showing it. */
interface MonitorFacts {
  id: string;
  name: string;
  kind: string;
  target: string;
  workspaceId: string;
  workspaceSlug: string;
  /** Slugs of the published status pages that show the monitor. */
  pageSlugs: string[];
}

export interface MessageFacts {
  kind: MessageKind;
  monitorId: string;
  incidentKey: string;
  /** The outbox row's event id (a test send, which has no row and is not retried, draws its own). */
  eventId: string;
  at: Date;
  regions: AlertRegion[];
  /** With kind `certificate`: the certificate and the threshold it reached. */
  certificate?: AlertCertificate;
  /** Why it goes out again: the n-th reminder, or the k-th escalation step. */
  followUp?: { reason: 'reminder' | 'escalation'; round: number };
  /** The open alert it is about: the message carries a signed link that acknowledges it. */
  alertId?: string;
}

@Injectable()
export class AlertMessages {
  constructor(
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
    @Inject(STATUS_PAGES_PORT) private readonly pages: StatusPagesPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AlertAckLinks) private readonly ackLinks: AlertAckLinks,
  ) {}

  /** Null when the monitor is gone. */
  async build(facts: MessageFacts): Promise<AlertMessage | null> {
    const monitor = await this.monitorFacts(facts.monitorId);
    return monitor ? this.compose(monitor, facts) : null;
  }

  /** The sample a test send carries: a `test` alert about a monitor of the channel, or a placeholder. */
  async sample(workspace: { id: string; slug: string }, monitorIds: string[], now: Date): Promise<AlertMessage> {
    const monitor = monitorIds.length ? await this.monitorFacts(monitorIds[0]) : null;
    const facts: MessageFacts = {
      kind: 'test',
      monitorId: monitor?.id ?? '0',
      incidentKey: `test-${now.getTime()}`,
      eventId: randomUUID(),
      at: now,
      regions: [],
    };
    return this.compose(
      monitor ?? {
        id: '0',
        name: 'Test monitor',
        kind: 'http',
        target: '',
        workspaceId: workspace.id,
        workspaceSlug: workspace.slug,
        pageSlugs: [],
      },
      facts,
    );
  }

  private async monitorFacts(monitorId: string): Promise<MonitorFacts | null> {
    const monitor = await this.monitors.findLiveById(monitorId);
    if (!monitor) return null;
    const workspace = await this.workspaces.resolve(monitor.workspaceId);
    return {
      id: monitor.id,
      name: monitor.name,
      kind: monitor.kind,
      target: monitor.url ?? monitor.uri ?? '',
      workspaceId: monitor.workspaceId,
      workspaceSlug: workspace.slug,
      pageSlugs: await this.pages.publishedSlugsShowing(monitor.id),
    };
  }

  private compose(monitor: MonitorFacts, facts: MessageFacts): AlertMessage {
    const dashboard = this.config.dashboardUrl.replace(/\/+$/, '');
    const site = this.config.siteUrl.replace(/\/+$/, '');
    const slug = encodeURIComponent(monitor.workspaceSlug);
    return {
      kind: facts.kind,
      monitor: { id: monitor.id, name: monitor.name, kind: monitor.kind, target: monitor.target },
      workspace: { id: monitor.workspaceId, slug: monitor.workspaceSlug },
      regions: facts.regions.map((r) => ({
        region: r.region,
        status: r.status,
        error: r.error,
        latencyMs: r.latencyMs,
      })),
      at: facts.at,
      monitorUrl: `${dashboard}/app/w/${slug}/monitors/${encodeURIComponent(monitor.id)}`,
      pageUrls: monitor.pageSlugs.map((p) => `${site}/status/${encodeURIComponent(p)}`),
      incidentKey: facts.incidentKey,
      eventId: facts.eventId,
      ...(facts.certificate ? { certificate: facts.certificate } : {}),
      ...(facts.followUp ? { followUp: facts.followUp } : {}),
      ...(facts.alertId && (facts.kind === 'down' || facts.kind === 'degraded')
        ? { acknowledgeUrl: this.ackLinks.url(facts.alertId, new Date()) }
        : {}),
    };
  }
}
