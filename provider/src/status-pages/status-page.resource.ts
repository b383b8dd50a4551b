// service_status_page: a public status page (SPEC 2.6) through status_page.v1.StatusPageService.
import type { Api } from '../client/api';
import { apiError, isNotFound } from '../client/api';
import { defineResource } from '../framework/resource';
import { ProviderError, type Attribute, type Validator } from '../framework/types';
import {
  describePath,
  distinct,
  eachElement,
  eachKey,
  httpUrl,
  matches,
  noControlCharacters,
  oneOf,
  sizeAtMost,
  stringLength,
} from '../framework/validators';
import {
  ACCESS_TYPES,
  passwordChanged,
  STATUS_PAGE_DEFAULTS,
  STATUS_PAGE_MASK,
  UPTIME_PERIODS,
  statusPageFromProto,
  statusPageModel,
  statusPageToProto,
  validateStatusPageConfig,
  type StatusPageModel,
} from './status-page.mapping';
import { storedAs, trimmed } from '../framework/state-values';
import { useStateForUnknown } from '../framework/plan-modifiers';

const TYPE = 'service_status_page';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LOCALE = /^[a-z]{2,3}(?:-[A-Z][a-zA-Z]{1,3})?$/;
const HOSTNAME =
  /^(?=.{1,253}\.?$)(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.?$/;
const CSS_VARIABLE = /^--[a-zA-Z0-9-]{1,64}$/;

export function isIpv4Cidr(value: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(value.trim());
  if (!match) return false;
  return match.slice(1, 5).every((o) => Number(o) <= 255) && Number(match[5]) <= 32;
}

/** Comma-separated IPv4 CIDR ranges, as the service accepts them. */
const cidrList: Validator = (value, path, diags) => {
  if (typeof value !== 'string') return;
  if (!value.split(',').every(isIpv4Cidr)) {
    diags.error(
      `Invalid ${describePath(path)}`,
      `${describePath(path)} must be comma-separated IPv4 CIDR ranges such as "10.0.0.0/8,192.168.1.0/24"; got "${value}".`,
      path,
    );
  }
};

/** At most this many origins may frame a page (backend status-page.entity MAX_EMBED_ORIGINS). */
export const MAX_EMBED_ORIGINS = 10;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin the service stores for a value (`https://Example.com/` -> `https://example.com`), or null
 * when the service refuses it: https, or http on a loopback host; scheme, host and port only, no
 * wildcard, nothing the URL parser would rewrite. The service's rule is `embedOrigin` in
 * backend/src/status-pages/status-page.schemas.ts; this twin lets a plan refuse before any call.
 */
export function embedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure || url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  // A host name or an IP literal: no wildcard, which a CSP source would read as "any subdomain".
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  // Anything the URL parser would have rewritten (a path of "/x/..", a "*", a default port) is refused.
  if (value.trim().replace(/\/$/, '').toLowerCase() !== url.origin) return null;
  return url.origin;
}

/** Each entry of embed_origins: an origin the service accepts. */
const frameOrigin: Validator = (value, path, diags) => {
  if (typeof value !== 'string' || embedOrigin(value) !== null) return;
  diags.error(
    `Invalid ${describePath(path)}`,
    `${describePath(path)} must be an https origin such as "https://www.example.com": scheme, host and optional port, no path and no wildcard (http only for localhost, 127.0.0.1 and [::1]); got "${value}".`,
    path,
  );
};

const optionalUrl = (description: string): Attribute => ({
  description: `${description} An http or https URL of at most 2048 characters.`,
  type: 'string',
  optional: true,
  validators: [httpUrl(2048), noControlCharacters()],
});

const themeMap = (mode: string): Attribute => ({
  description: `CSS custom properties for ${mode} mode, keyed by variable name (e.g. \`"--color-primary" = "hsl(24 94% 50%)"\`): at most 100 entries, keys \`--\` and 1 to 64 letters, digits or dashes, values at most 256 characters.`,
  type: ['map', 'string'],
  optional: true,
  validators: [
    sizeAtMost(100),
    eachKey(matches(CSS_VARIABLE, 'a CSS custom property such as --color-primary')),
    eachElement(stringLength(0, 256)),
    eachElement(noControlCharacters()),
  ],
});

export const statusPageAttributes: Record<string, Attribute> = {
  id: {
    description: 'ID of the status page, assigned by the service.',
    type: 'string',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  title: {
    description: 'Title shown on the page, 1 to 256 characters.',
    type: 'string',
    required: true,
    validators: [stringLength(1, 256), noControlCharacters(), trimmed],
  },
  slug: {
    description:
      'Part of the page URL, unique across the service: 1 to 256 characters of a-z, 0-9 and single dashes (e.g. `acme-status`).',
    type: 'string',
    required: true,
    validators: [stringLength(1, 256), matches(SLUG, 'lower-case letters, digits and single dashes, e.g. acme-status')],
  },
  description: {
    description: 'Text shown under the title, at most 1024 characters.',
    type: 'string',
    optional: true,
    validators: [stringLength(0, 1024), noControlCharacters(true)],
  },
  homepage_url: optionalUrl('Link to your website.'),
  contact_url: optionalUrl('Link where visitors reach you.'),
  icon: optionalUrl('URL of the icon shown on the page.'),
  custom_domain: {
    description:
      'Host name that serves the page (e.g. `status.example.com`), unique across the service. Point its DNS at the service first.',
    type: 'string',
    optional: true,
    validators: [
      matches(HOSTNAME, 'a host name such as status.example.com'),
      storedAs((v) => v.toLowerCase().replace(/\.$/, ''), 'lower case without a trailing dot'),
    ],
  },
  access_type: {
    description:
      'Who may view the page: `public` (default), `password`, `email-domain` (visitors signing in with an address of `auth_email_domains`) or `ip-restriction` (visitors from `allowed_ip_ranges`).',
    type: 'string',
    optional: true,
    computed: true,
    default: STATUS_PAGE_DEFAULTS.access_type,
    validators: [oneOf(ACCESS_TYPES)],
  },
  password: {
    description:
      'Password of the page, 8 to 256 characters; required when `access_type` is `password`. Sensitive and write-only: the service stores only a hash and never returns it, so the state keeps the configured value.',
    type: 'string',
    optional: true,
    sensitive: true,
    writeOnly: true,
    validators: [stringLength(8, 256)],
  },
  auth_email_domains: {
    description:
      'E-mail domains whose addresses may view the page (at most 50, e.g. `["example.com"]`); required when `access_type` is `email-domain`.',
    type: ['list', 'string'],
    optional: true,
    validators: [
      sizeAtMost(50),
      eachElement(matches(HOSTNAME, 'a domain such as example.com')),
      eachElement(storedAs((v) => v.toLowerCase(), 'lower case')),
    ],
  },
  allowed_ip_ranges: {
    description:
      'Comma-separated IPv4 CIDR ranges that may view the page (e.g. `"10.0.0.0/8,192.168.1.0/24"`); required when `access_type` is `ip-restriction`.',
    type: 'string',
    optional: true,
    validators: [stringLength(0, 4096), cidrList, storedAs((v) => v.replace(/\s+/g, ''), 'without spaces')],
  },
  theme: {
    description: 'Theme key: 1 to 64 characters of a-z, 0-9 and `-`. Default `default`.',
    type: 'string',
    optional: true,
    computed: true,
    default: STATUS_PAGE_DEFAULTS.theme,
    validators: [matches(/^[a-z0-9-]{1,64}$/, 'a theme key of 1 to 64 characters a-z, 0-9 and -')],
  },
  custom_theme: {
    description:
      'Per-mode CSS variable overrides merged over `theme`: `light` and `dark`, each a map of variable name to value. Needs the custom-theme plan feature.',
    optional: true,
    nested: { nesting: 'single', attributes: { light: themeMap('light'), dark: themeMap('dark') } },
  },
  default_locale: {
    description:
      'Language the page opens in, e.g. `en` or `pt-BR`; must be one of `locales` when those are given. Default `en`.',
    type: 'string',
    optional: true,
    computed: true,
    default: STATUS_PAGE_DEFAULTS.default_locale,
    validators: [matches(LOCALE, 'a locale such as en or pt-BR')],
  },
  locales: {
    description: 'Languages offered in the language switcher (at most 50), e.g. `["en", "fr"]`.',
    type: ['list', 'string'],
    optional: true,
    validators: [sizeAtMost(50), eachElement(matches(LOCALE, 'a locale such as en or pt-BR'))],
  },
  embed_origins: {
    description:
      `Origins whose pages may show this page in a frame (its Content-Security-Policy \`frame-ancestors\`), at most ${MAX_EMBED_ORIGINS}, ` +
      'e.g. `["https://www.example.com", "https://intranet.example.com:8443"]`: each https (http only for `localhost`, `127.0.0.1` and `[::1]`), ' +
      'scheme, host and optional port only, no path or wildcard, lower case without a trailing slash, each once. ' +
      "The page's access and subscribe forms are never framed. Default none: left out, the page may not be framed anywhere.",
    type: ['list', 'string'],
    optional: true,
    validators: [
      sizeAtMost(MAX_EMBED_ORIGINS),
      eachElement(stringLength(1, 2048)),
      eachElement(noControlCharacters()),
      eachElement(frameOrigin),
      eachElement(storedAs((v) => embedOrigin(v) ?? v, 'trimmed, in lower case, without a trailing slash')),
      distinct(),
    ],
  },
  allow_index: {
    description: 'Whether search engines may index the page. Default `true`.',
    type: 'bool',
    optional: true,
    computed: true,
    default: STATUS_PAGE_DEFAULTS.allow_index,
  },
  uptime_period: {
    description:
      'The uptime figure each component with a monitor shows on the public page (and its `status.json`), computed as in SLA reports with maintenance windows left out: ' +
      '`off` (default: none), `30d` or `90d` (the last 30 or 90 days), `month` (the current calendar month, UTC) or `quarter` (the current calendar quarter, UTC).',
    type: 'string',
    optional: true,
    computed: true,
    default: STATUS_PAGE_DEFAULTS.uptime_period,
    validators: [oneOf(UPTIME_PERIODS)],
  },
  published: {
    description: 'Whether the page is published.',
    type: 'bool',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  created_at: {
    description: 'When the page was created (RFC 3339).',
    type: 'string',
    computed: true,
    planModifiers: [useStateForUnknown()],
  },
  updated_at: {
    description: 'When the page was last changed (RFC 3339).',
    type: 'string',
    computed: true,
  },
};

async function fetchPage(
  api: Api,
  id: string,
  prior: StatusPageModel | null,
  action: string,
): Promise<StatusPageModel | null> {
  try {
    const { statusPage } = await api.statusPages.getStatusPage({ id });
    return statusPage ? statusPageFromProto(statusPage, prior) : null;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw apiError(action, TYPE, err, 'statusPage');
  }
}

export const statusPageResource = defineResource<Api, StatusPageModel>({
  typeName: TYPE,
  description:
    'Manages a status page. Its components and component groups are the `service_status_page_component` and `service_status_page_component_group` resources.',
  schema: { attributes: statusPageAttributes },
  importId: '<id>',
  model: statusPageModel,

  validateConfig: validateStatusPageConfig,

  async create(api, plan) {
    try {
      const { statusPage } = await api.statusPages.createStatusPage({ statusPage: statusPageToProto(plan, true) });
      if (!statusPage) throw new ProviderError(`Could not create ${TYPE}`, 'The service answered without the page.');
      return statusPageFromProto(statusPage, plan);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('create', TYPE, err, 'statusPage');
    }
  },

  read(api, state) {
    return fetchPage(api, state.id ?? '', state, 'read');
  },

  async update(api, plan, prior) {
    try {
      const { statusPage } = await api.statusPages.updateStatusPage({
        id: prior.id ?? '',
        statusPage: statusPageToProto(plan, passwordChanged(plan, prior)),
        updateMask: { paths: [...STATUS_PAGE_MASK] },
      });
      if (!statusPage) throw new ProviderError(`Could not update ${TYPE}`, 'The service answered without the page.');
      return statusPageFromProto(statusPage, plan);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw apiError('update', TYPE, err, 'statusPage');
    }
  },

  async delete(api, state) {
    try {
      await api.statusPages.deleteStatusPage({ id: state.id ?? '' });
    } catch (err) {
      if (!isNotFound(err)) throw apiError('delete', TYPE, err, 'statusPage');
    }
  },

  async importState(api, id) {
    const state = await fetchPage(api, id, null, 'import');
    if (!state)
      throw new ProviderError(`Cannot import ${TYPE}`, `No status page with id "${id}" exists in the workspace.`);
    return state;
  },
});
