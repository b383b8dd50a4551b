// The status page form's fields and the verb's input, both ways (see monitor-form.ts for the idea).
// Lists are text: e-mail domains and embedding origins separated by commas or spaces, theme overrides one `--name: value`
// per line for each colour scheme; locales are checkboxes. Empty optional fields are null (none).
import type { FieldIssue } from '../common/errors';
import { PAGE_LOCALES } from '../status-pages/locales';
import type { CustomTheme } from '../status-pages/status-page.entity';
import type { StatusPageView } from '../status-pages/status-page.views';
import type { StatusPageInput } from '../status-pages/status-pages.service';
import type { Form } from './dashboard-requests';

export type StatusPageFormField =
  | 'title'
  | 'slug'
  | 'description'
  | 'homepageUrl'
  | 'contactUrl'
  | 'icon'
  | 'customDomain'
  | 'accessType'
  | 'password'
  | 'authEmailDomains'
  | 'allowedIpRanges'
  | 'theme'
  | 'customLight'
  | 'customDark'
  | 'defaultLocale'
  | 'locales'
  | 'allowIndex'
  | 'embedOrigins'
  | 'uptimePeriod';

export type StatusPageFormValues = Partial<Record<StatusPageFormField | `locale.${string}`, string>>;

const CHECKED = 'on';

export function statusPageFormValues(p: StatusPageView): StatusPageFormValues {
  const values: StatusPageFormValues = {
    title: p.title,
    slug: p.slug,
    description: p.description,
    homepageUrl: p.homepageUrl ?? '',
    contactUrl: p.contactUrl ?? '',
    icon: p.icon ?? '',
    customDomain: p.customDomain ?? '',
    accessType: p.accessType,
    authEmailDomains: p.authEmailDomains.join(', '),
    allowedIpRanges: p.allowedIpRanges ?? '',
    theme: p.theme,
    customLight: themeLines(p.customTheme?.light),
    customDark: themeLines(p.customTheme?.dark),
    defaultLocale: p.defaultLocale,
    allowIndex: p.allowIndex ? CHECKED : '',
    embedOrigins: p.embedOrigins.join(', '),
    uptimePeriod: p.uptimePeriod,
  };
  for (const locale of p.locales) values[`locale.${locale}`] = CHECKED;
  return values;
}

export function newStatusPageFormValues(): StatusPageFormValues {
  return {
    accessType: 'public',
    theme: 'default',
    defaultLocale: 'en',
    'locale.en': CHECKED,
    allowIndex: CHECKED,
    uptimePeriod: 'off',
  };
}

function themeLines(map: Record<string, string> | undefined): string {
  return Object.entries(map ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

export interface ParsedStatusPageForm {
  input: StatusPageInput;
  errors: Partial<Record<StatusPageFormField, string>>;
}

/** The form as the verb's input. The password is sent only when one was typed (empty keeps the stored one). */
export function parseStatusPageForm(form: Form): ParsedStatusPageForm {
  const errors: ParsedStatusPageForm['errors'] = {};
  const optional = (name: StatusPageFormField): string | null => {
    const value = (form[name] ?? '').trim();
    return value === '' ? null : value;
  };
  const theme = (name: 'customLight' | 'customDark'): Record<string, string> | undefined => {
    const out: Record<string, string> = {};
    const rows = (form[name] ?? '').split(/\r?\n/).map((l) => l.trim());
    rows
      .filter((l) => l !== '')
      .forEach((line, index) => {
        const colon = line.indexOf(':');
        if (colon <= 0) {
          errors[name] ??= `line ${index + 1}: must be "--name: value", e.g. "--accent: #1d4ed8"`;
          return;
        }
        out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      });
    return Object.keys(out).length ? out : undefined;
  };
  const light = theme('customLight');
  const dark = theme('customDark');
  const customTheme: CustomTheme | null =
    light || dark ? { ...(light ? { light } : {}), ...(dark ? { dark } : {}) } : null;
  const input: StatusPageInput = {
    title: form.title ?? '',
    slug: (form.slug ?? '').trim(),
    description: form.description ?? '',
    homepageUrl: optional('homepageUrl'),
    contactUrl: optional('contactUrl'),
    icon: optional('icon'),
    customDomain: optional('customDomain')?.toLowerCase() ?? null,
    accessType: (form.accessType ?? '') as StatusPageInput['accessType'],
    authEmailDomains: (form.authEmailDomains ?? '')
      .split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase())
      .filter((d) => d !== ''),
    allowedIpRanges: optional('allowedIpRanges')?.replace(/\s*,\s*/g, ',') ?? null,
    theme: form.theme ?? '',
    customTheme,
    defaultLocale: form.defaultLocale ?? '',
    locales: PAGE_LOCALES.filter((l) => form[`locale.${l}`] === CHECKED),
    allowIndex: form.allowIndex === CHECKED,
    embedOrigins: (form.embedOrigins ?? '')
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    uptimePeriod: (form.uptimePeriod ?? 'off') as StatusPageInput['uptimePeriod'],
  };
  if (form.password) input.password = form.password;
  return { input, errors };
}

/** Where a message of the verb goes: `customTheme.dark["--bg"]` → customDark, `locales.1` → locales. */
export function statusPageFieldOfIssue(issue: FieldIssue): { field: StatusPageFormField; message: string } | null {
  const [head, ...rest] = issue.field.split('.');
  if (head === 'customTheme') {
    const mode = rest[0] ?? '';
    const field: StatusPageFormField = mode.startsWith('dark') ? 'customDark' : 'customLight';
    const key = /\["(.*)"\]$/.exec(mode)?.[1];
    return { field, message: key ? `${key}: ${issue.message}` : issue.message };
  }
  const known: StatusPageFormField[] = [
    'title',
    'slug',
    'description',
    'homepageUrl',
    'contactUrl',
    'icon',
    'customDomain',
    'accessType',
    'password',
    'authEmailDomains',
    'allowedIpRanges',
    'theme',
    'defaultLocale',
    'locales',
    'allowIndex',
    'embedOrigins',
    'uptimePeriod',
  ];
  if (!known.includes(head as StatusPageFormField)) return null;
  const index = Number(rest[0]);
  const message = Number.isInteger(index) ? `entry ${index + 1}: ${issue.message}` : issue.message;
  return { field: head as StatusPageFormField, message };
}
