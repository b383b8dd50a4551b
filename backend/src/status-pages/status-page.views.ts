// What the service layer returns for a status page, a page component and a component group, each
// declared once as a zod schema; every transport maps these views, never the entities.
import { z } from 'zod';
import type { Snapshot } from '../audit/audit-snapshot';
import { count, viewId } from '../common/view-schema';
import type { ComponentGroupEntity } from './component-group.entity';
import {
  AUTO_INCIDENT_MODES,
  COMPONENT_TYPES,
  type AutoIncidentMode,
  type PageComponentEntity,
} from './page-component.entity';
import { ACCESS_TYPES, UPTIME_PERIODS, type StatusPageEntity } from './status-page.entity';

const colors = z.record(z.string(), z.string()).optional();

export const statusPageView = z.object({
  id: viewId,
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  homepageUrl: z.string().nullable(),
  contactUrl: z.string().nullable(),
  icon: z.string().nullable(),
  customDomain: z.string().nullable(),
  accessType: z.enum(ACCESS_TYPES),
  passwordSet: z.boolean(),
  authEmailDomains: z.array(z.string()),
  allowedIpRanges: z.string().nullable(),
  theme: z.string(),
  customTheme: z.object({ light: colors, dark: colors }).nullable(),
  defaultLocale: z.string(),
  locales: z.array(z.string()),
  allowIndex: z.boolean(),
  /** Origins that may show the page in a frame (none: no site may). */
  embedOrigins: z.array(z.string()),
  /** The per-component uptime figure the public page shows: off, 30d, 90d, month or quarter. */
  uptimePeriod: z.enum(UPTIME_PERIODS),
  published: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type StatusPageView = z.infer<typeof statusPageView>;

export function toStatusPageView(p: StatusPageEntity): StatusPageView {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    description: p.description,
    homepageUrl: p.homepageUrl,
    contactUrl: p.contactUrl,
    icon: p.icon,
    customDomain: p.customDomain,
    accessType: p.accessType,
    passwordSet: p.passwordHash !== null,
    authEmailDomains: p.authEmailDomains,
    allowedIpRanges: p.allowedIpRanges,
    theme: p.theme,
    customTheme: p.customTheme,
    defaultLocale: p.defaultLocale,
    locales: p.locales,
    allowIndex: p.allowIndex,
    embedOrigins: p.embedOrigins,
    uptimePeriod: p.uptimePeriod,
    published: p.published,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export const componentView = z.object({
  id: viewId,
  pageId: viewId,
  type: z.enum(COMPONENT_TYPES),
  monitorId: viewId.nullable(),
  name: z.string(),
  description: z.string(),
  order: count,
  groupId: viewId.nullable(),
  groupOrder: count,
  /** Whether the monitor opens a status report when down: off, as a draft, or published. */
  autoIncident: z.enum(AUTO_INCIDENT_MODES),
  /** How long the monitor must have been down first. */
  autoIncidentAfterMinutes: count,
  /** Whether a published auto-incident and its resolution are sent to the page's subscribers. */
  autoIncidentNotify: z.boolean(),
  autoIncidentTitle: z.string(),
  autoIncidentMessage: z.string(),
  /** On recovery, add the `resolved` update; false leaves the report for a person. */
  autoResolve: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ComponentView = z.infer<typeof componentView>;

export function toComponentView(c: PageComponentEntity): ComponentView {
  return {
    id: c.id,
    pageId: c.pageId,
    type: c.type,
    monitorId: c.monitorId,
    name: c.name,
    description: c.description,
    order: c.order,
    groupId: c.groupId,
    groupOrder: c.groupOrder,
    autoIncident: c.autoIncident,
    autoIncidentAfterMinutes: c.autoIncidentAfterMinutes,
    autoIncidentNotify: c.autoIncidentNotify,
    autoIncidentTitle: c.autoIncidentTitle,
    autoIncidentMessage: c.autoIncidentMessage,
    autoResolve: c.autoResolve,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export const groupView = z.object({
  id: viewId,
  pageId: viewId,
  name: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type GroupView = z.infer<typeof groupView>;

export function toGroupView(g: ComponentGroupEntity): GroupView {
  return { id: g.id, pageId: g.pageId, name: g.name, createdAt: g.createdAt, updatedAt: g.updatedAt };
}

/** What deleting a status page deletes with it, counted (the dashboard's confirmation says so). */
export const statusPageDependentsView = z.object({
  components: count,
  groups: count,
  reports: count,
  maintenances: count,
  subscribers: count,
});
export type StatusPageDependents = z.infer<typeof statusPageDependentsView>;

/** Audit snapshots leave out timestamps, which change on every write and say nothing. */
export function snapshotOf(view: object): Snapshot {
  const { createdAt: _c, updatedAt: _u, ...rest } = view as Record<string, unknown>;
  return rest;
}

/** A component whose monitor opens incidents, as the auto-incident sweeper reads it. */
export interface AutoIncidentComponentRow {
  id: string;
  workspaceId: string;
  pageId: string;
  monitorId: string;
  mode: AutoIncidentMode;
  afterMinutes: number;
  notify: boolean;
  title: string;
  message: string;
  autoResolve: boolean;
  /** As the page shows it: the component's name, or its monitor's. */
  name: string;
  monitorName: string;
  pageTitle: string;
}
