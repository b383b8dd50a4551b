// The dashboard's status pages: the list, the form that creates or edits one (access, theme with a
// preview of both colour schemes, locales, custom domain with its DNS instructions), and the deletion
// confirmation naming what goes with the page. A page's own screen is status-page-detail.page.ts,
// with a file per section (components, groups, incidents, maintenances, subscribers).
import { html, trusted, type Html } from '../../common/html';
import { PAGE_LOCALES } from '../../status-pages/locales';
import { THEME_KEYS, THEMES, THEME_VARIABLE_ALIASES } from '../../status-pages/themes';
import type { StatusPageDependents, StatusPageView } from '../../status-pages/status-page.views';
import {
  card,
  deleteForm,
  checkbox,
  errorSummary,
  field,
  type Frame,
  layout,
  notice,
  postForm,
  radios,
  select,
  table,
  textarea,
  workspacePath,
} from '../components';
import type { StatusPageFormField, StatusPageFormValues } from '../status-page-form';

export const THEME_PREVIEW_SCRIPT_PATH = '/app/assets/theme-preview.js';
export const THEME_PREVIEW_CSS_PATH = '/app/assets/theme-preview.css';

const LOCALE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', de: 'Deutsch', es: 'Español' };

const LABELS: Record<StatusPageFormField, string> = {
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  homepageUrl: 'Homepage URL',
  contactUrl: 'Contact URL',
  icon: 'Icon URL',
  customDomain: 'Custom domain',
  accessType: 'Who can see the page',
  password: 'Password',
  authEmailDomains: 'E-mail domains',
  allowedIpRanges: 'Allowed IPv4 ranges',
  theme: 'Theme',
  customLight: 'Light colours',
  customDark: 'Dark colours',
  defaultLocale: 'Default language',
  locales: 'Languages',
  allowIndex: 'Search engines',
  embedOrigins: 'Sites that may embed the page',
  uptimePeriod: 'Uptime figure per component',
};

/** The page's `uptimePeriod` choices (UPTIME_PERIODS). */
const UPTIME_CHOICES = [
  { value: 'off', label: 'None' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'month', label: 'This calendar month (UTC)' },
  { value: 'quarter', label: 'This calendar quarter (UTC)' },
];

const ACCESS = [
  { value: 'public', label: 'Everyone', hint: 'a public page' },
  { value: 'password', label: 'People with the password' },
  { value: 'email-domain', label: 'People with an e-mail address of these domains', hint: 'they get a sign-in link' },
  { value: 'ip-restriction', label: 'Visitors from these IPv4 ranges' },
];

export function statusPagesPath(slug: string, id?: string): string {
  return `${workspacePath(slug, 'status-pages')}${id ? `/${encodeURIComponent(id)}` : ''}`;
}

export interface StatusPagesListData {
  pages: StatusPageView[];
  total: number;
  canWrite: boolean;
  deleted?: boolean;
  /** The public base URL of the pages (BASE_URL). */
  publicUrl: string;
}

export function statusPagesListPage(frame: Frame, data: StatusPagesListData): Html {
  const slug = frame.current!.slug;
  const rows = data.pages.map((p) => [
    html`<a href="${statusPagesPath(slug, p.id)}">${p.title}</a>`,
    html`<a href="${data.publicUrl}/status/${p.slug}">/status/${p.slug}</a>`,
    p.customDomain ?? html`<span class="muted">—</span>`,
    ACCESS.find((a) => a.value === p.accessType)?.label ?? p.accessType,
  ]);
  return layout(
    frame,
    `Status pages · ${frame.current!.name}`,
    html`<div class="title-row">
        <h1>Status pages</h1>
        ${data.canWrite ? html`<a class="button" href="${statusPagesPath(slug)}/new">New status page</a>` : ''}
      </div>
      ${data.deleted ? notice('success', 'Deleted the status page.') : ''}
      ${table('Status pages', ['Title', 'Public page', 'Custom domain', 'Visible to'], rows, 'No status pages yet.')}`,
  );
}

export interface StatusPageFormData {
  page?: StatusPageView;
  values: StatusPageFormValues;
  errors: Partial<Record<StatusPageFormField, string>>;
  message?: string;
  /** Where custom domains must point (the host of BASE_URL). */
  serviceHost: string;
}

/** The sample of a status page the theme preview shows, styled by the page's variables. */
function previewSample(mode: 'light' | 'dark', title: string): Html {
  const bars = (pattern: string) =>
    html`<span class="bars" aria-hidden="true"
      >${[...pattern].map((c) => html`<span class="bar ${c === 'd' ? 'degraded' : c === 'x' ? 'down' : 'ok'}"></span>`)}</span
    >`;
  return html`<figure class="theme-preview ${mode}" aria-label="${mode === 'light' ? 'Light' : 'Dark'} colours">
    <div class="tp-page">
      <p class="tp-title">${title || 'Acme status'}</p>
      <p class="tp-banner">All systems operational</p>
      <div class="tp-card"><span>API</span> <span class="tp-ok">Operational</span> ${bars('oooooooooodooo')}</div>
      <div class="tp-card">
        <span>Website</span> <span class="tp-degraded">Degraded</span> ${bars('oooooxoooooood')}
      </div>
      <p class="tp-muted">Updated 2 minutes ago · <a href="#preview" class="tp-link">Subscribe</a></p>
    </div>
    <figcaption>${mode === 'light' ? 'Light' : 'Dark'}</figcaption>
  </figure>`;
}

/** The built-in themes for the preview script, as JSON that cannot end its script element. */
const THEME_DATA = trusted(
  JSON.stringify({
    themes: Object.fromEntries(THEME_KEYS.map((k) => [k, { light: THEMES[k].light, dark: THEMES[k].dark }])),
    aliases: THEME_VARIABLE_ALIASES,
  }).replace(/</g, '\\u003c'),
);

export function themePreviewStylesheet(slug: string, values: StatusPageFormValues): string {
  const q = new URLSearchParams({
    theme: values.theme ?? 'default',
    light: values.customLight ?? '',
    dark: values.customDark ?? '',
  });
  return `${THEME_PREVIEW_CSS_PATH}?w=${encodeURIComponent(slug)}&${q.toString()}`;
}

/** The theme, its overrides for each colour scheme and the preview of both. */
function lookFieldset(data: StatusPageFormData): Html {
  const { values, errors } = data;
  const v = (name: StatusPageFormField) => values[name] ?? '';
  const themes: Array<{ value: string; label: string }> = THEME_KEYS.map((k) => ({ value: k, label: THEMES[k].label }));
  if (values.theme && !THEME_KEYS.includes(values.theme as never)) {
    themes.push({ value: values.theme, label: `${values.theme} (shown as Default)` });
  }
  return html`<fieldset id="theme">
    <legend>Look</legend>
    ${select(LABELS.theme, 'theme', themes, v('theme') || 'default', errors.theme)}
    ${textarea({ label: LABELS.customLight, name: 'customLight', value: v('customLight'), error: errors.customLight, hint: 'Overrides of the theme, one per line, e.g. "--accent: #6d28d9" (plans with custom themes).' })}
    ${textarea({ label: LABELS.customDark, name: 'customDark', value: v('customDark'), error: errors.customDark })}
    <div class="previews" id="preview" aria-live="polite">
      ${previewSample('light', v('title'))} ${previewSample('dark', v('title'))}
    </div>
    <script type="application/json" id="theme-data">
      ${THEME_DATA}
    </script>
  </fieldset>`;
}

/** The page's default language and those visitors may switch to. */
function languagesFieldset(data: StatusPageFormData): Html {
  const { values, errors } = data;
  const v = (name: StatusPageFormField) => values[name] ?? '';
  return html`<fieldset>
    <legend>Languages</legend>
    ${select(
      LABELS.defaultLocale,
      'defaultLocale',
      PAGE_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] ?? l })),
      v('defaultLocale') || 'en',
      errors.defaultLocale,
    )}
    ${errors.locales ? html`<p class="field-error" id="f-locales">${errors.locales}</p>` : ''}
    <p class="hint">Visitors may switch to:</p>
    ${PAGE_LOCALES.map((l) => checkbox(LOCALE_NAMES[l] ?? l, `locale.${l}`, values[`locale.${l}`] === 'on'))}
  </fieldset>`;
}

export function statusPageFormPage(frame: Frame, data: StatusPageFormData): Html {
  const slug = frame.current!.slug;
  const { values, errors, page } = data;
  const v = (name: StatusPageFormField) => values[name] ?? '';
  const title = page ? `Edit ${page.title}` : 'New status page';
  const action = page ? `${statusPagesPath(slug, page.id)}/edit` : `${statusPagesPath(slug)}/new`;
  const domain = v('customDomain');
  const form = postForm(
    action,
    frame.csrf,
    html`<fieldset>
        <legend>The page</legend>
        ${field({ label: LABELS.title, name: 'title', value: v('title'), error: errors.title, required: true, maxLength: 256 })}
        ${field({ label: LABELS.slug, name: 'slug', value: v('slug'), error: errors.slug, required: true, maxLength: 256, hint: 'Its address: /status/<slug>. Lower-case letters, digits and dashes.' })}
        ${textarea({ label: LABELS.description, name: 'description', value: v('description'), error: errors.description, rows: 2 })}
        ${field({ label: LABELS.homepageUrl, name: 'homepageUrl', value: v('homepageUrl'), error: errors.homepageUrl })}
        ${field({ label: LABELS.contactUrl, name: 'contactUrl', value: v('contactUrl'), error: errors.contactUrl })}
        ${field({ label: LABELS.icon, name: 'icon', value: v('icon'), error: errors.icon })}
      </fieldset>
      <fieldset>
        <legend>Access</legend>
        ${radios(LABELS.accessType, 'accessType', ACCESS, v('accessType') || 'public', errors.accessType)}
        ${field({
          label: LABELS.password,
          name: 'password',
          type: 'password',
          autocomplete: 'new-password',
          error: errors.password,
          hint: page?.passwordSet
            ? 'A password is set; type a new one to change it, or leave this empty to keep it.'
            : 'For the password access: 8 to 256 characters.',
        })}
        ${field({ label: LABELS.authEmailDomains, name: 'authEmailDomains', value: v('authEmailDomains'), error: errors.authEmailDomains, hint: 'For the e-mail access: e.g. example.com, example.org' })}
        ${field({ label: LABELS.allowedIpRanges, name: 'allowedIpRanges', value: v('allowedIpRanges'), error: errors.allowedIpRanges, hint: 'For the IP access: e.g. 10.0.0.0/8, 192.168.1.0/24' })}
        ${checkbox('Let search engines index the page', 'allowIndex', values.allowIndex === 'on', undefined, errors.allowIndex)}
        ${field({ label: LABELS.embedOrigins, name: 'embedOrigins', value: v('embedOrigins'), error: errors.embedOrigins, hint: 'Origins whose pages may show this page in a frame, e.g. https://www.example.com (at most 10; none: no site may). Its forms are never shown in a frame.' })}
      </fieldset>
      <fieldset>
        <legend>Uptime</legend>
        ${select(LABELS.uptimePeriod, 'uptimePeriod', UPTIME_CHOICES, v('uptimePeriod') || 'off', errors.uptimePeriod)}
        <p class="hint">
          Each component with a monitor shows its uptime over this period, as in SLA reports: maintenance windows are
          left out.
        </p>
      </fieldset>
      ${lookFieldset(data)} ${languagesFieldset(data)}
      <fieldset>
        <legend>Custom domain</legend>
        ${field({ label: LABELS.customDomain, name: 'customDomain', value: domain, error: errors.customDomain, hint: 'e.g. status.example.com' })}
        <p class="hint">
          Point it at this service with a DNS record, then keep a TLS certificate for it on your proxy:
        </p>
        <pre class="command">${domain || 'status.example.com'}.  CNAME  ${data.serviceHost}.</pre>
        <p class="hint">The page answers on that host once the record resolves; no other setting is needed.</p>
      </fieldset>
      <div class="actions">
        <button type="submit">${page ? 'Save changes' : 'Create status page'}</button>
        <a class="button secondary" href="${page ? statusPagesPath(slug, page.id) : statusPagesPath(slug)}">Cancel</a>
      </div>`,
    title,
  );
  return layout(
    frame,
    `${title} · ${frame.current!.name}`,
    html`<link rel="stylesheet" href="${themePreviewStylesheet(slug, values)}" />
      <p class="crumbs"><a href="${statusPagesPath(slug)}">Status pages</a></p>
      <h1>${title}</h1>
      ${data.message ? notice('error', data.message) : ''} ${errorSummary(errors, LABELS)} ${form}
      <script src="${THEME_PREVIEW_SCRIPT_PATH}" defer></script>`,
  );
}

export function deleteStatusPagePage(frame: Frame, page: StatusPageView, d: StatusPageDependents): Html {
  const slug = frame.current!.slug;
  const base = statusPagesPath(slug, page.id);
  const goes = [
    [d.components, 'component', 'components'],
    [d.groups, 'component group', 'component groups'],
    [d.reports, 'status report', 'status reports'],
    [d.maintenances, 'maintenance', 'maintenances'],
    [d.subscribers, 'subscriber', 'subscribers'],
  ].filter(([n]) => Number(n) > 0) as Array<[number, string, string]>;
  return layout(
    frame,
    `Delete ${page.title} · ${frame.current!.name}`,
    html`<p class="crumbs"><a href="${statusPagesPath(slug)}">Status pages</a> › <a href="${base}">${page.title}</a></p>
      <h1>Delete ${page.title}?</h1>
      ${card(
        'What goes with it',
        html`<p>
            The page stops answering at /status/${page.slug}${page.customDomain ? ` and ${page.customDomain}` : ''}.
          </p>
          ${
            goes.length
              ? html`<p>Deleted with it:</p>
                  <ul>
                    ${goes.map(([n, one, many]) => html`<li>${n} ${n === 1 ? one : many}</li>`)}
                  </ul>`
              : html`<p class="muted">It has no components, reports, maintenances or subscribers.</p>`
          }
          <p class="muted">The monitors it shows are not deleted.</p>
          ${deleteForm(`${base}/delete`, frame.csrf, page.title, base)}`,
        'delete-page',
      )}`,
  );
}

/** Lives at THEME_PREVIEW_SCRIPT_PATH: repaints the two preview boxes as the theme fields change. */
export const THEME_PREVIEW_SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('theme-data').textContent);
  const select = document.getElementById('f-theme');
  const fields = { light: document.getElementById('f-customLight'), dark: document.getElementById('f-customDark') };
  const boxes = { light: document.querySelector('.theme-preview.light'), dark: document.querySelector('.theme-preview.dark') };
  const title = document.getElementById('f-title');
  const parse = (text) => {
    const out = {};
    for (const line of text.split(/\\r?\\n/)) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      let name = line.slice(0, i).trim();
      name = data.aliases[name] || name;
      out[name] = line.slice(i + 1).trim();
    }
    return out;
  };
  const paint = () => {
    const base = data.themes[select.value] || data.themes.default;
    for (const mode of ['light', 'dark']) {
      const values = Object.assign({}, base[mode], parse(fields[mode].value));
      for (const [name, value] of Object.entries(values)) {
        if (/^--[a-z-]+$/.test(name)) boxes[mode].style.setProperty(name, value);
      }
      boxes[mode].querySelector('.tp-title').textContent = title.value || 'Acme status';
    }
  };
  for (const el of [select, fields.light, fields.dark, title]) el.addEventListener('input', paint);
  select.addEventListener('change', paint);
})();
`;
