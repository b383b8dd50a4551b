// service_status_page state <-> status_page.v1 messages over its typed model, the update mask, and the
// rules across attributes (what each access_type needs).
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { StatusPage, StatusPageSchema } from '@uptime/proto/gen/status_page/v1/status_page_service_pb.js';
import { model, type ModelType, type Reader } from '../framework/model';
import type { Diagnostics, Obj, Value } from '../framework/types';
import { isKnown } from '../framework/validators';
import { optionalList, optionalMap, optionalText, rfc3339 } from '../framework/state-values';

type StatusPageInit = MessageInitShape<typeof StatusPageSchema>;

/** What the service stores when the field is not given (backend status-pages.service DEFAULTS). */
export const STATUS_PAGE_DEFAULTS = {
  access_type: 'public',
  theme: 'default',
  default_locale: 'en',
  allow_index: true,
  uptime_period: 'off',
} as const;

/** The uptime figure a public page shows per component (backend UPTIME_PERIODS). */
export const UPTIME_PERIODS = ['off', '30d', '90d', 'month', 'quarter'] as const;

export const ACCESS_TYPES = ['public', 'password', 'email-domain', 'ip-restriction'] as const;

/** Every updatable field: a field removed from the configuration goes back to the service's default. */
export const STATUS_PAGE_MASK = [
  'title',
  'slug',
  'description',
  'homepage_url',
  'contact_url',
  'icon',
  'custom_domain',
  'access_type',
  'password',
  'auth_email_domains',
  'allowed_ip_ranges',
  'theme',
  'custom_theme',
  'default_locale',
  'locales',
  'allow_index',
  'embed_origins',
  'uptime_period',
] as const;

const customTheme = (s: Reader) => ({ light: s.stringMap('light'), dark: s.stringMap('dark') });

export const statusPageModel = model((s) => ({
  id: s.string('id'),
  title: s.string('title'),
  slug: s.string('slug'),
  description: s.string('description'),
  homepage_url: s.string('homepage_url'),
  contact_url: s.string('contact_url'),
  icon: s.string('icon'),
  custom_domain: s.string('custom_domain'),
  access_type: s.string('access_type'),
  password: s.string('password'),
  auth_email_domains: s.stringList('auth_email_domains'),
  allowed_ip_ranges: s.string('allowed_ip_ranges'),
  theme: s.string('theme'),
  custom_theme: s.object('custom_theme', customTheme),
  default_locale: s.string('default_locale'),
  locales: s.stringList('locales'),
  embed_origins: s.stringList('embed_origins'),
  allow_index: s.bool('allow_index'),
  uptime_period: s.string('uptime_period'),
  published: s.bool('published'),
  created_at: s.string('created_at'),
  updated_at: s.string('updated_at'),
}));

export type StatusPageModel = ModelType<typeof statusPageModel>;

function customThemeToProto(value: StatusPageModel['custom_theme']): StatusPageInit['customTheme'] {
  if (!value) return undefined;
  return { light: value.light ?? {}, dark: value.dark ?? {} };
}

/**
 * The page message of a planned state. The password goes out only when `sendPassword` (it changed,
 * or the access type did): sent empty, the service keeps the stored hash, so an unrelated update
 * neither re-hashes it nor records a password change.
 */
export function statusPageToProto(plan: StatusPageModel, sendPassword: boolean): StatusPageInit {
  return {
    title: plan.title ?? '',
    slug: plan.slug ?? '',
    description: plan.description ?? '',
    homepageUrl: plan.homepage_url ?? '',
    contactUrl: plan.contact_url ?? '',
    icon: plan.icon ?? '',
    customDomain: plan.custom_domain ?? '',
    accessType: plan.access_type ?? STATUS_PAGE_DEFAULTS.access_type,
    password: sendPassword ? (plan.password ?? '') : '',
    authEmailDomains: plan.auth_email_domains ?? [],
    allowedIpRanges: plan.allowed_ip_ranges ?? '',
    theme: plan.theme ?? STATUS_PAGE_DEFAULTS.theme,
    customTheme: customThemeToProto(plan.custom_theme),
    defaultLocale: plan.default_locale ?? STATUS_PAGE_DEFAULTS.default_locale,
    locales: plan.locales ?? [],
    allowIndex: plan.allow_index ?? STATUS_PAGE_DEFAULTS.allow_index,
    embedOrigins: plan.embed_origins ?? [],
    uptimePeriod: plan.uptime_period ?? STATUS_PAGE_DEFAULTS.uptime_period,
  };
}

/** Whether an update must send the password: it changed, or the access type did (a new hash is needed). */
export function passwordChanged(plan: StatusPageModel, prior: StatusPageModel): boolean {
  return plan.password !== prior.password || plan.access_type !== prior.access_type;
}

function customThemeFromProto(
  api: StatusPage['customTheme'],
  prior: StatusPageModel['custom_theme'] | undefined,
): StatusPageModel['custom_theme'] {
  if (!api) return null;
  return {
    light: optionalMap({ ...api.light }, prior?.light),
    dark: optionalMap({ ...api.dark }, prior?.dark),
  };
}

/** The state of an API page; `prior` (plan, state, or null on import) supplies the write-only password. */
export function statusPageFromProto(api: StatusPage, prior: StatusPageModel | null): StatusPageModel {
  return {
    id: api.id,
    title: api.title ?? '',
    slug: api.slug ?? '',
    description: optionalText(api.description, prior?.description),
    homepage_url: optionalText(api.homepageUrl, prior?.homepage_url),
    contact_url: optionalText(api.contactUrl, prior?.contact_url),
    icon: optionalText(api.icon, prior?.icon),
    custom_domain: optionalText(api.customDomain, prior?.custom_domain),
    access_type: api.accessType || STATUS_PAGE_DEFAULTS.access_type,
    // Write-only: stored as a hash and never returned.
    password: prior?.password ?? null,
    auth_email_domains: optionalList(api.authEmailDomains, prior?.auth_email_domains),
    allowed_ip_ranges: optionalText(api.allowedIpRanges, prior?.allowed_ip_ranges),
    theme: api.theme || STATUS_PAGE_DEFAULTS.theme,
    custom_theme: customThemeFromProto(api.customTheme, prior?.custom_theme),
    default_locale: api.defaultLocale || STATUS_PAGE_DEFAULTS.default_locale,
    locales: optionalList(api.locales, prior?.locales),
    allow_index: api.allowIndex ?? STATUS_PAGE_DEFAULTS.allow_index,
    embed_origins: optionalList(api.embedOrigins, prior?.embed_origins),
    uptime_period: api.uptimePeriod || STATUS_PAGE_DEFAULTS.uptime_period,
    published: api.published,
    created_at: rfc3339(api.createdAt),
    updated_at: rfc3339(api.updatedAt),
  };
}

const isEmpty = (value: Value): boolean =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What each access type needs (reported on the missing attribute), and default_locale among the
 * offered locales. Values still unknown are checked once known.
 */
export function validateStatusPageConfig(config: Obj, diags: Diagnostics): void {
  const access = config.access_type === null ? STATUS_PAGE_DEFAULTS.access_type : config.access_type;
  const need = (attribute: string, what: string): void => {
    if (isEmpty(config[attribute])) {
      diags.error(
        `Missing ${attribute}`,
        `${attribute} is required when access_type is ${JSON.stringify(access)}; give ${what}.`,
        [attribute],
      );
    }
  };
  if (access === 'password') need('password', 'a password of 8 to 256 characters');
  if (access === 'email-domain') need('auth_email_domains', 'at least one e-mail domain, e.g. ["example.com"]');
  if (access === 'ip-restriction') need('allowed_ip_ranges', 'comma-separated IPv4 CIDR ranges, e.g. "10.0.0.0/8"');

  const locales = config.locales;
  const locale = config.default_locale === null ? STATUS_PAGE_DEFAULTS.default_locale : config.default_locale;
  if (Array.isArray(locales) && locales.length && locales.every(isKnown) && typeof locale === 'string') {
    if (!locales.includes(locale)) {
      diags.error(
        'Invalid default_locale',
        `default_locale "${locale}" must be one of locales (${locales.map((l) => JSON.stringify(l)).join(', ')}).`,
        ['default_locale'],
      );
    }
  }
}
