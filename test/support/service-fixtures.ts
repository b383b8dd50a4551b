// Small factories and readers for the medium service specs of the resource services (test/medium/*.test.ts):
// fixtures are made through the service verbs, so every row a spec starts from passed the same rules as a caller's would.
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import type { ServiceContext } from '../../backend/src/common/context';
import { DomainError } from '../../backend/src/common/errors';
import { MonitorsService, type MonitorInput } from '../../backend/src/monitors/monitors.service';
import type { MonitorView } from '../../backend/src/monitors/monitor.view';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService, type StatusPageInput } from '../../backend/src/status-pages/status-pages.service';
import type { ComponentView, StatusPageView } from '../../backend/src/status-pages/status-page.views';
import { createTestApp, type TestApp } from './app';
import { startSmtp, type TestSmtp } from './smtp';

/** The domain error a verb refused with; fails the test when the verb succeeded or threw something else. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`expected a refusal, got ${JSON.stringify(outcome)}`);
}

/** The same context with read-only scope (a read key, a read-only OAuth connection, a viewer). */
export const readOnly = (ctx: ServiceContext): ServiceContext => ({ ...ctx, scope: 'read' });

/** The workspace's audit entries, oldest first. */
export function auditLog(t: TestApp, ctx: ServiceContext): Promise<AuditLogEntity[]> {
  return t.db.repo(AuditLogEntity).find({ where: { workspaceId: ctx.workspace.id }, order: { id: 'ASC' } });
}

let made = 0;
const next = () => {
  made += 1;
  return `${process.pid}-${made}`;
};

export function aMonitor(t: TestApp, ctx: ServiceContext, input: MonitorInput = {}): Promise<MonitorView> {
  return t.app.get(MonitorsService).create(ctx, 'http', {
    name: `Monitor ${next()}`,
    url: 'https://example.com/health',
    periodicity: '10m',
    ...input,
  });
}

export function aPage(t: TestApp, ctx: ServiceContext, input: StatusPageInput = {}): Promise<StatusPageView> {
  const n = next();
  return t.app.get(StatusPagesService).create(ctx, { title: `Page ${n}`, slug: `page-${n}`, ...input });
}

/** A static component on the page (no monitor needed). */
export function aComponent(t: TestApp, ctx: ServiceContext, pageId: string, name = 'API'): Promise<ComponentView> {
  return t.app.get(PageComponentsService).createComponent(ctx, { pageId, type: 'static', name });
}

/**
 * A file's app that mails through a loopback SMTP server: both started once for the file and closed
 * after it, the mailbox emptied (and every recipient accepted again) before each test. `use` receives
 * them, for the file's own variables.
 */
export function mailingTestApp(use: (t: TestApp, smtp: TestSmtp) => void): void {
  let t: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' });
    use(t, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp?.clear();
    smtp?.rejectRecipients.clear();
  });
}
