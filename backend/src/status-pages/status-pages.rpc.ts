// status_page.v1.StatusPageService: maps proto messages to the service verbs and back. No rule lives here.
import type { ServiceImpl } from '@connectrpc/connect';
import type {
  ComponentGroup,
  PageComponent,
  StatusPage,
  StatusPageService,
} from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { maskFields } from '../rpc-kit/field-mask';
import { required, timestampOut } from '../rpc-kit/fields';
import { serviceContext } from '../rpc-kit/call-context';
import type { DailySummaryService } from './daily-summary.service';
import type { ComponentField, ComponentInput, PageComponentsService } from './page-components.service';
import type { ComponentView, GroupView, StatusPageView } from './status-page.views';
import type { StatusPageField, StatusPageInput, StatusPagesService } from './status-pages.service';

const emptyToNull = (value: string | undefined): string | null | undefined =>
  value === undefined ? undefined : value === '' ? null : value;
const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length ? list : undefined);

export function pageIn(p: StatusPage): StatusPageInput {
  return {
    title: p.title,
    slug: p.slug,
    description: p.description,
    homepageUrl: emptyToNull(p.homepageUrl),
    contactUrl: emptyToNull(p.contactUrl),
    icon: emptyToNull(p.icon),
    customDomain: emptyToNull(p.customDomain),
    accessType: p.accessType as StatusPageView['accessType'] | undefined,
    password: emptyToNull(p.password),
    authEmailDomains: nonEmpty(p.authEmailDomains),
    allowedIpRanges: emptyToNull(p.allowedIpRanges),
    theme: p.theme,
    customTheme: p.customTheme ? { light: { ...p.customTheme.light }, dark: { ...p.customTheme.dark } } : undefined,
    defaultLocale: p.defaultLocale,
    locales: nonEmpty(p.locales),
    allowIndex: p.allowIndex,
    embedOrigins: nonEmpty(p.embedOrigins),
    uptimePeriod: p.uptimePeriod as StatusPageView['uptimePeriod'] | undefined,
  };
}

export function pageOut(v: StatusPageView) {
  return {
    id: v.id,
    title: v.title,
    slug: v.slug,
    description: v.description,
    homepageUrl: v.homepageUrl ?? '',
    contactUrl: v.contactUrl ?? '',
    icon: v.icon ?? '',
    customDomain: v.customDomain ?? '',
    accessType: v.accessType,
    authEmailDomains: v.authEmailDomains,
    allowedIpRanges: v.allowedIpRanges ?? '',
    theme: v.theme,
    customTheme: v.customTheme ? { light: v.customTheme.light ?? {}, dark: v.customTheme.dark ?? {} } : undefined,
    defaultLocale: v.defaultLocale,
    locales: v.locales,
    allowIndex: v.allowIndex,
    embedOrigins: v.embedOrigins,
    uptimePeriod: v.uptimePeriod,
    published: v.published,
    passwordSet: v.passwordSet,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
  };
}

const PAGE_PATHS: Record<string, StatusPageField> = {
  title: 'title',
  slug: 'slug',
  description: 'description',
  homepage_url: 'homepageUrl',
  contact_url: 'contactUrl',
  icon: 'icon',
  custom_domain: 'customDomain',
  access_type: 'accessType',
  password: 'password',
  auth_email_domains: 'authEmailDomains',
  allowed_ip_ranges: 'allowedIpRanges',
  theme: 'theme',
  custom_theme: 'customTheme',
  default_locale: 'defaultLocale',
  locales: 'locales',
  allow_index: 'allowIndex',
  embed_origins: 'embedOrigins',
  uptime_period: 'uptimePeriod',
};

const COMPONENT_PATHS: Record<string, ComponentField> = {
  monitor_id: 'monitorId',
  name: 'name',
  description: 'description',
  order: 'order',
  group_id: 'groupId',
  group_order: 'groupOrder',
  auto_incident: 'autoIncident',
  auto_incident_after_minutes: 'autoIncidentAfterMinutes',
  auto_incident_notify: 'autoIncidentNotify',
  auto_incident_title: 'autoIncidentTitle',
  auto_incident_message: 'autoIncidentMessage',
  auto_resolve: 'autoResolve',
};

function componentIn(c: PageComponent): ComponentInput {
  return {
    pageId: c.pageId || undefined,
    type: (c.type || undefined) as ComponentInput['type'],
    monitorId: emptyToNull(c.monitorId),
    name: c.name,
    description: c.description,
    order: c.order,
    groupId: emptyToNull(c.groupId),
    groupOrder: c.groupOrder,
    // Checked against the modes by the service's schema, which names the field.
    autoIncident: c.autoIncident as ComponentInput['autoIncident'],
    autoIncidentAfterMinutes: c.autoIncidentAfterMinutes,
    autoIncidentNotify: c.autoIncidentNotify,
    autoIncidentTitle: c.autoIncidentTitle,
    autoIncidentMessage: c.autoIncidentMessage,
    autoResolve: c.autoResolve,
  };
}

function componentOut(v: ComponentView) {
  return {
    id: v.id,
    pageId: v.pageId,
    type: v.type,
    monitorId: v.monitorId ?? '',
    name: v.name,
    description: v.description,
    order: v.order,
    groupId: v.groupId ?? '',
    groupOrder: v.groupOrder,
    autoIncident: v.autoIncident,
    autoIncidentAfterMinutes: v.autoIncidentAfterMinutes,
    autoIncidentNotify: v.autoIncidentNotify,
    autoIncidentTitle: v.autoIncidentTitle,
    autoIncidentMessage: v.autoIncidentMessage,
    autoResolve: v.autoResolve,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
  };
}

function groupOut(v: GroupView) {
  return {
    id: v.id,
    pageId: v.pageId,
    name: v.name,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
  };
}

function groupIn(g: ComponentGroup | undefined): { pageId?: string; name?: string } {
  return { pageId: g?.pageId || undefined, name: g?.name };
}

export function statusPageServiceImpl(
  pages: StatusPagesService,
  components: PageComponentsService,
  summaries: DailySummaryService,
): ServiceImpl<typeof StatusPageService> {
  return {
    async createStatusPage(req, ctx) {
      return {
        statusPage: pageOut(await pages.create(serviceContext(ctx), pageIn(required(req.statusPage, 'statusPage')))),
      };
    },
    async getStatusPage(req, ctx) {
      return { statusPage: pageOut(await pages.get(serviceContext(ctx), req.id)) };
    },
    async listStatusPages(req, ctx) {
      const { items: list, totalSize } = await pages.list(serviceContext(ctx), {
        limit: req.limit,
        offset: req.offset,
      });
      return { statusPages: list.map(pageOut), totalSize };
    },
    async updateStatusPage(req, ctx) {
      const input = req.statusPage ? pageIn(req.statusPage) : {};
      const view = await pages.update(serviceContext(ctx), req.id, input, maskFields(req.updateMask, PAGE_PATHS));
      return { statusPage: pageOut(view) };
    },
    async deleteStatusPage(req, ctx) {
      await pages.delete(serviceContext(ctx), req.id);
      return { success: true };
    },

    async createPageComponent(req, ctx) {
      const view = await components.createComponent(
        serviceContext(ctx),
        componentIn(required(req.component, 'component')),
      );
      return { component: componentOut(view) };
    },
    async getPageComponent(req, ctx) {
      return {
        component: componentOut(await components.getComponent(serviceContext(ctx), req.id, req.pageId || undefined)),
      };
    },
    async listPageComponents(req, ctx) {
      return { components: (await components.listComponents(serviceContext(ctx), req.pageId)).map(componentOut) };
    },
    async updatePageComponent(req, ctx) {
      const input = req.component ? componentIn(req.component) : {};
      const view = await components.updateComponent(
        serviceContext(ctx),
        req.id,
        input,
        maskFields(req.updateMask, COMPONENT_PATHS),
      );
      return { component: componentOut(view) };
    },
    async deletePageComponent(req, ctx) {
      await components.deleteComponent(serviceContext(ctx), req.id);
      return { success: true };
    },

    async createComponentGroup(req, ctx) {
      return {
        group: groupOut(await components.createGroup(serviceContext(ctx), groupIn(required(req.group, 'group')))),
      };
    },
    async getComponentGroup(req, ctx) {
      return { group: groupOut(await components.getGroup(serviceContext(ctx), req.id, req.pageId || undefined)) };
    },
    async listComponentGroups(req, ctx) {
      return { groups: (await components.listGroups(serviceContext(ctx), req.pageId)).map(groupOut) };
    },
    async updateComponentGroup(req, ctx) {
      return { group: groupOut(await components.updateGroup(serviceContext(ctx), req.id, groupIn(req.group))) };
    },
    async deleteComponentGroup(req, ctx) {
      await components.deleteGroup(serviceContext(ctx), req.id);
      return { success: true };
    },

    async getPageComponentDailySummary(req, ctx) {
      const history = await summaries.componentDailySummary(
        serviceContext(ctx),
        req.pageId,
        req.componentIds,
        req.days,
      );
      return {
        components: history.map((c) => ({
          componentId: c.componentId,
          days: c.days.map((d) => ({
            day: d.day,
            total: BigInt(d.total),
            successful: BigInt(d.successful),
            degraded: BigInt(d.degraded),
            failed: BigInt(d.failed),
            status: d.status,
            events: d.events.map((e) => ({
              kind: e.kind,
              id: e.id,
              title: e.title,
              from: timestampOut(e.from),
              to: timestampOut(e.to),
            })),
          })),
        })),
      };
    },
  };
}
