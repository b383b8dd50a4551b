import type { Snapshot } from '../audit/audit-snapshot';
import type { ComponentGroupEntity } from './component-group.entity';
import type { PageComponentEntity } from './page-component.entity';
import type { AccessType, CustomTheme, StatusPageEntity } from './status-page.entity';

export interface StatusPageView {
  id: string;
  title: string;
  slug: string;
  description: string;
  homepageUrl: string | null;
  contactUrl: string | null;
  icon: string | null;
  customDomain: string | null;
  accessType: AccessType;
  passwordSet: boolean;
  authEmailDomains: string[];
  allowedIpRanges: string | null;
  theme: string;
  customTheme: CustomTheme | null;
  defaultLocale: string;
  locales: string[];
  allowIndex: boolean;
  embedOrigins: string[];
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
}

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
    published: p.published,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export interface ComponentView {
  id: string;
  pageId: string;
  type: 'monitor' | 'static';
  monitorId: string | null;
  name: string;
  description: string;
  order: number;
  groupId: string | null;
  groupOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

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
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export interface GroupView {
  id: string;
  pageId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export function toGroupView(g: ComponentGroupEntity): GroupView {
  return { id: g.id, pageId: g.pageId, name: g.name, createdAt: g.createdAt, updatedAt: g.updatedAt };
}

/** Audit snapshots leave out timestamps, which change on every write and say nothing. */
export function snapshotOf(view: object): Snapshot {
  const { createdAt: _c, updatedAt: _u, ...rest } = view as Record<string, unknown>;
  return rest;
}
