// Constructed snapshots for the specs of the machine renderers (feeds, JSON, badges, markdown): a
// page with a grouped and an ungrouped component, an active incident with two updates, a maintenance
// in progress and one upcoming, and one page of history. Test support only, never imported by code.
import type { PageHistory, PageSnapshot, PublicDay, PublicPage } from '../public-page.types';

export const AT = new Date('2026-11-20T12:00:00Z');

export function fixturePage(overrides: Partial<PublicPage> = {}): PublicPage {
  return {
    id: '7',
    workspaceId: '1',
    slug: 'acme',
    title: 'Acme <Status> & "Co"',
    description: 'Everything about *Acme*',
    icon: null,
    homepageUrl: null,
    contactUrl: null,
    customDomain: null,
    accessType: 'public',
    authEmailDomains: [],
    allowedIpRanges: [],
    theme: 'default',
    customTheme: null,
    defaultLocale: 'en',
    locales: ['en'],
    allowIndex: true,
    embedOrigins: [],
    uptimePeriod: 'off',
    subscriptions: true,
    updatedAt: AT,
    ...overrides,
  };
}

const days: PublicDay[] = [];

export function fixtureSnapshot(overrides: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    page: fixturePage(),
    overall: 'partial_outage',
    groups: [
      {
        id: '20',
        name: 'Backend',
        components: [
          {
            id: '11',
            name: 'API <v2>',
            type: 'monitor',
            description: '',
            groupId: '20',
            status: 'outage',
            days,
            uptime: 99.123456,
            latency: null,
          },
        ],
      },
      {
        id: null,
        name: '',
        components: [
          {
            id: '12',
            name: 'Website',
            type: 'monitor',
            description: '',
            groupId: null,
            status: 'operational',
            days,
            uptime: null,
            latency: null,
          },
        ],
      },
    ],
    activeReports: [
      {
        id: '31',
        title: 'API errors & <timeouts>',
        status: 'identified',
        componentIds: ['11'],
        createdAt: new Date('2026-11-20T10:00:00Z'),
        resolvedAt: null,
        updates: [
          { status: 'identified', message: 'A faulty deploy; rolling back.', date: new Date('2026-11-20T10:30:00Z') },
          { status: 'investigating', message: 'Errors on <API>.', date: new Date('2026-11-20T10:00:00Z') },
        ],
      },
    ],
    activeMaintenances: [
      {
        id: '41',
        title: 'Database upgrade',
        message: 'Read-only for a while.',
        from: new Date('2026-11-20T11:00:00Z'),
        to: new Date('2026-11-20T13:00:00Z'),
        componentIds: ['11'],
      },
    ],
    upcomingMaintenances: [
      {
        id: '42',
        title: 'Network work',
        message: '',
        from: new Date('2026-11-25T01:00:00Z'),
        to: new Date('2026-11-25T02:00:00Z'),
        componentIds: [],
      },
    ],
    generatedAt: AT,
    version: 'v1',
    ...overrides,
  };
}

export function fixtureHistory(): PageHistory {
  return {
    page: fixturePage(),
    reports: [
      {
        id: '30',
        title: 'Slow website',
        status: 'resolved',
        componentIds: ['12'],
        createdAt: new Date('2026-11-01T08:00:00Z'),
        resolvedAt: new Date('2026-11-01T09:00:00Z'),
        updates: [{ status: 'resolved', message: 'Fixed.', date: new Date('2026-11-01T09:00:00Z') }],
      },
    ],
    maintenances: [],
    pageNumber: 1,
    pageCount: 1,
  };
}
