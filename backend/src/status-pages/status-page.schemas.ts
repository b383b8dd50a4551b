// Validation of status pages, components and groups (SPEC §2.6-2.8, §8).
import { z } from 'zod';
import { isHttpUrl, isMultiLine, isSingleLine, NO_CONTROL_CHARACTERS, required } from '../common/validation';
import { isHostname } from '../monitors/monitor.schemas';
import { MAX_CUSTOM_THEME_ENTRIES, THEME_KEYS, themeValueProblem } from './themes';
import { ACCESS_TYPES, MAX_EMBED_ORIGINS, UPTIME_PERIODS } from './status-page.entity';
import {
  AUTO_INCIDENT_AFTER_MINUTES,
  AUTO_INCIDENT_MESSAGE_MAX,
  AUTO_INCIDENT_MODES,
  AUTO_INCIDENT_TITLE_MAX,
} from './page-component.entity';
import { PLACEHOLDER_REFUSAL, unknownPlaceholder } from './auto-incident-template';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LOCALE = /^[a-z]{2,3}(?:-[A-Z][a-zA-Z]{1,3})?$/;
const CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;

export function isIpv4Cidr(value: string): boolean {
  const match = CIDR.exec(value.trim());
  if (!match) return false;
  const octets = match.slice(1, 5).map(Number);
  return octets.every((o) => o <= 255) && Number(match[5]) <= 32;
}

const noControl = { error: NO_CONTROL_CHARACTERS };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a value names, lower-cased (`https://Example.com/` → `https://example.com`), or null
 * when it is not an origin a page may be framed by: https, or http on a loopback host (local
 * development); scheme, host and port only, no wildcard.
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
  // Anything the URL parser would have rewritten (a path of "/x/..", a "*") is refused, not guessed.
  if (value.trim().replace(/\/$/, '').toLowerCase() !== url.origin) return null;
  return url.origin;
}

/** One line of `min` to `max` characters after trimming; control characters are refused first. */
const text = (min: number, max: number) =>
  z
    .string(required)
    .refine(isSingleLine, noControl)
    .trim()
    .min(min, { error: min === 1 ? 'is required' : `must be ${min} to ${max} characters` })
    .max(max, { error: min ? `must be ${min} to ${max} characters` : `must be at most ${max} characters` });

const url = z
  .string()
  .max(2048, { error: 'must be at most 2048 characters' })
  // The URL parser drops tabs and line breaks; the stored value must not hold them either.
  .refine(isSingleLine, { ...noControl, abort: true })
  .refine(isHttpUrl, { error: 'must be an http or https URL' })
  .nullable();

/** One mode of `custom_theme`: variable name to value, checked as a whole by `customTheme` below. */
const themeMap = z
  .record(z.string(), z.string({ error: 'values must be strings' }))
  .refine((m) => Object.keys(m).length <= MAX_CUSTOM_THEME_ENTRIES, {
    error: `must have at most ${MAX_CUSTOM_THEME_ENTRIES} entries`,
  });

/**
 * Per-mode overrides of the theme's variables: known names (with their leading `--`, or an alias such
 * as `--primary`) to values the page's sanitizer accepts, so what is stored is what the page shows.
 * Each issue names the key as a person reads it: `customTheme.light["--bg"]: must be a colour ...`.
 */
const customTheme = z
  .object({ light: themeMap.optional(), dark: themeMap.optional() })
  .superRefine((theme, ctx) => {
    for (const mode of ['light', 'dark'] as const) {
      const entries = Object.entries(theme[mode] ?? {});
      // Too many entries is already said once; a message per entry would only repeat it.
      if (entries.length > MAX_CUSTOM_THEME_ENTRIES) continue;
      for (const [name, value] of entries) {
        const problem =
          isSingleLine(name) && isSingleLine(value) ? themeValueProblem(name, value) : NO_CONTROL_CHARACTERS;
        // One path element `light["--bg"]`: fieldPath joins elements with dots.
        if (problem) ctx.addIssue({ code: 'custom', path: [`${mode}[${JSON.stringify(name)}]`], message: problem });
      }
    }
  })
  .nullable();

/**
 * The page's theme: any key of the documented shape is stored (other tools' keys such as `dark` keep
 * working), and a key that is not built in is rendered with `default`.
 */
const themeKey = z.string().regex(/^[a-z0-9-]{1,64}$/, {
  error: `must be a theme key of 1 to 64 characters a-z, 0-9 and -; built in: ${THEME_KEYS.join(', ')}`,
});

export const statusPageSchema = z
  .object({
    title: z
      .string(required)
      .refine(isSingleLine, noControl)
      .trim()
      .min(1, { error: 'must be 1 to 256 characters' })
      .max(256, { error: 'must be 1 to 256 characters' }),
    slug: z
      .string(required)
      .min(1, { error: 'must be 1 to 256 characters' })
      .max(256, { error: 'must be 1 to 256 characters' })
      .regex(SLUG, { error: 'must be lower-case letters, digits and single dashes, e.g. acme-status' }),
    description: z.string().refine(isMultiLine, noControl).max(1024, { error: 'must be at most 1024 characters' }),
    homepageUrl: url,
    contactUrl: url,
    icon: url,
    customDomain: z
      .string()
      .max(253, { error: 'must be at most 253 characters' })
      .refine((v) => isHostname(v) && v.includes('.'), { error: 'must be a host name such as status.example.com' })
      .nullable(),
    accessType: z.enum(ACCESS_TYPES, { error: `must be one of ${ACCESS_TYPES.join(', ')}` }),
    /** A new password to store; null keeps the stored one. */
    password: z
      .string()
      .min(8, { error: 'must be 8 to 256 characters' })
      .max(256, { error: 'must be 8 to 256 characters' })
      .nullable(),
    authEmailDomains: z
      .array(
        z.string().refine((d) => isHostname(d) && d.includes('.'), { error: 'must be a domain such as example.com' }),
      )
      .max(50, { error: 'must have at most 50 entries' }),
    allowedIpRanges: z
      .string()
      .max(4096, { error: 'must be at most 4096 characters' })
      .refine(isSingleLine, { ...noControl, abort: true })
      .refine((v) => v.split(',').every(isIpv4Cidr), {
        error: 'must be comma-separated IPv4 CIDR ranges such as 10.0.0.0/8,192.168.1.0/24',
      })
      .nullable(),
    theme: themeKey,
    customTheme,
    defaultLocale: z.string().regex(LOCALE, { error: 'must be a locale such as en or pt-BR' }),
    locales: z
      .array(z.string().regex(LOCALE, { error: 'must be a locale such as en or pt-BR' }))
      .max(50, { error: 'must have at most 50 entries' }),
    allowIndex: z.boolean(),
    embedOrigins: z
      .array(
        z
          .string()
          .max(2048, { error: 'must be at most 2048 characters' })
          .refine(isSingleLine, { ...noControl, abort: true })
          .refine((v) => embedOrigin(v) !== null, {
            error: 'must be an https origin such as https://www.example.com (no path; http only for localhost)',
          }),
      )
      .max(MAX_EMBED_ORIGINS, { error: `must have at most ${MAX_EMBED_ORIGINS} entries` }),
    // Defaulted here too, so a page read or built without it (older callers) shows no figure.
    uptimePeriod: z.enum(UPTIME_PERIODS, { error: `must be one of ${UPTIME_PERIODS.join(', ')}` }).default('off'),
    /** Whether a password hash is already stored (for the password access type). */
    hasPassword: z.boolean(),
  })
  .superRefine((page, ctx) => {
    if (page.accessType === 'password' && !page.password && !page.hasPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required when accessType is password' });
    }
    if (page.accessType === 'email-domain' && page.authEmailDomains.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['authEmailDomains'],
        message: 'is required when accessType is email-domain',
      });
    }
    if (page.accessType === 'ip-restriction' && !page.allowedIpRanges) {
      ctx.addIssue({
        code: 'custom',
        path: ['allowedIpRanges'],
        message: 'is required when accessType is ip-restriction',
      });
    }
    if (page.locales.length && !page.locales.includes(page.defaultLocale)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: 'must be one of locales' });
    }
  });

export type StatusPageData = z.output<typeof statusPageSchema>;

const afterMinutesBound = `must be between ${AUTO_INCIDENT_AFTER_MINUTES.min} and ${AUTO_INCIDENT_AFTER_MINUTES.max} minutes`;

export const componentSchema = z
  .object({
    type: z.enum(['monitor', 'static'], { error: 'must be monitor or static' }),
    monitorId: z.string().nullable(),
    name: text(0, 256),
    description: z
      .string(required)
      .refine(isMultiLine, noControl)
      .trim()
      .max(1024, { error: 'must be at most 1024 characters' }),
    order: z.number().int().min(-1_000_000).max(1_000_000, { error: 'must be between -1000000 and 1000000' }),
    groupId: z.string().nullable(),
    groupOrder: z.number().int().min(-1_000_000).max(1_000_000, { error: 'must be between -1000000 and 1000000' }),
    autoIncident: z.enum(AUTO_INCIDENT_MODES, { error: `must be one of ${AUTO_INCIDENT_MODES.join(', ')}` }),
    autoIncidentAfterMinutes: z
      .number({ error: 'must be a whole number of minutes' })
      .int({ error: 'must be a whole number of minutes' })
      .min(AUTO_INCIDENT_AFTER_MINUTES.min, { error: afterMinutesBound })
      .max(AUTO_INCIDENT_AFTER_MINUTES.max, { error: afterMinutesBound }),
    autoIncidentNotify: z.boolean({ error: 'must be true or false' }),
    autoIncidentTitle: text(1, AUTO_INCIDENT_TITLE_MAX).refine(knownPlaceholders, {
      error: (issue) => placeholderRefusal(issue.input),
    }),
    autoIncidentMessage: z
      .string(required)
      .refine(isMultiLine, noControl)
      .trim()
      .min(1, { error: `must be 1 to ${AUTO_INCIDENT_MESSAGE_MAX} characters` })
      .max(AUTO_INCIDENT_MESSAGE_MAX, { error: `must be 1 to ${AUTO_INCIDENT_MESSAGE_MAX} characters` })
      .refine(knownPlaceholders, { error: (issue) => placeholderRefusal(issue.input) }),
    autoResolve: z.boolean({ error: 'must be true or false' }),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'static' && c.autoIncident !== 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['autoIncident'],
        message: 'must be off when type is static (only a monitor can open an incident)',
      });
    }
    if (c.type === 'monitor' && !c.monitorId) {
      ctx.addIssue({ code: 'custom', path: ['monitorId'], message: 'is required when type is monitor' });
    }
    if (c.type === 'static' && c.monitorId) {
      ctx.addIssue({ code: 'custom', path: ['monitorId'], message: 'must be empty when type is static' });
    }
  });

export type ComponentData = z.output<typeof componentSchema>;

function knownPlaceholders(template: string): boolean {
  return unknownPlaceholder(template) === null;
}

/** Names the placeholder refused, so the caller sees which one to fix. */
function placeholderRefusal(input: unknown): string {
  const name = typeof input === 'string' ? unknownPlaceholder(input) : null;
  return name === null ? PLACEHOLDER_REFUSAL : `has an unknown placeholder {{${name}}}; ${PLACEHOLDER_REFUSAL}`;
}

export const groupSchema = z.object({
  name: z
    .string(required)
    .refine(isSingleLine, noControl)
    .trim()
    .min(1, { error: 'must be 1 to 256 characters' })
    .max(256, { error: 'must be 1 to 256 characters' }),
});
