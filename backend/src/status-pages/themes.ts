// Themes of public status pages: the built-in set, the CSS variables a page's `custom_theme` may
// override, and the one sanitizer every theme value passes, both when the API stores it
// (status-page.schemas.ts) and when a page is rendered, so that a value can never leave its CSS
// declaration (no `;`, `}`, `<`, url(), comments or escapes reach the stylesheet).
import type { CustomTheme } from './status-page.entity';

/** What a variable holds, which decides the values it accepts. */
type VariableKind = 'colour' | 'length' | 'font';

/**
 * The CSS variables of the public pages. Renderers use them (`var(--ok)`), and `custom_theme` may set
 * only these. The status colours colour text as well as bars, so each theme keeps them readable
 * (WCAG AA, 4.5:1) on both `--bg` and `--card`.
 */
export const THEME_VARIABLES = {
  /** Page background. */
  '--bg': 'colour',
  /** Body text. */
  '--fg': 'colour',
  /** Secondary text (dates, captions). */
  '--muted': 'colour',
  '--border': 'colour',
  /** Background of cards (components, reports). */
  '--card': 'colour',
  /** Links, buttons, focus rings. */
  '--accent': 'colour',
  /** Text on an `--accent` background (buttons). */
  '--accent-fg': 'colour',
  '--ok': 'colour',
  '--degraded': 'colour',
  '--down': 'colour',
  '--maintenance': 'colour',
  '--nodata': 'colour',
  '--font': 'font',
  '--radius': 'length',
} as const satisfies Record<string, VariableKind>;

export type ThemeVariable = keyof typeof THEME_VARIABLES;
export type ThemeValues = Record<ThemeVariable, string>;

/**
 * Names other status-page tools use for the same variables (openstatus and shadcn-style themes, and
 * the examples of our own provider), accepted in `custom_theme` so that such configurations keep
 * working: each sets the variable it names here.
 */
export const THEME_VARIABLE_ALIASES: Readonly<Record<string, ThemeVariable>> = {
  '--background': '--bg',
  '--foreground': '--fg',
  '--primary': '--accent',
  '--primary-foreground': '--accent-fg',
  '--color-primary': '--accent',
  '--color-background': '--bg',
  '--color-foreground': '--fg',
  '--muted-foreground': '--muted',
};

export const isThemeVariable = (name: string): name is ThemeVariable => Object.hasOwn(THEME_VARIABLES, name);

/** The variable a `custom_theme` key sets, or null when the key is unknown. */
export function themeVariableOf(name: string): ThemeVariable | null {
  if (isThemeVariable(name)) return name;
  return Object.hasOwn(THEME_VARIABLE_ALIASES, name) ? THEME_VARIABLE_ALIASES[name] : null;
}

/** Every key `custom_theme` accepts, for messages. */
export const CUSTOM_THEME_KEYS: readonly string[] = [
  ...Object.keys(THEME_VARIABLES),
  ...Object.keys(THEME_VARIABLE_ALIASES),
];

/** At most this many entries per mode in `custom_theme`. */
export const MAX_CUSTOM_THEME_ENTRIES = 32;

const SYSTEM_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO_FONT = 'ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';

export interface Theme {
  /** Shown in the dashboard's theme picker. */
  label: string;
  light: ThemeValues;
  dark: ThemeValues;
}

/**
 * The built-in themes by key. A page whose `theme` is not one of these (a key stored by another tool)
 * is rendered with `default`.
 */
export const THEMES = {
  default: {
    label: 'Default',
    light: {
      '--bg': '#ffffff',
      '--fg': '#111827',
      '--muted': '#4b5563',
      '--border': '#d1d5db',
      '--card': '#f9fafb',
      '--accent': '#1d4ed8',
      '--accent-fg': '#ffffff',
      '--ok': '#15803d',
      '--degraded': '#b45309',
      '--down': '#b91c1c',
      '--maintenance': '#4338ca',
      '--nodata': '#6b7280',
      '--font': SYSTEM_FONT,
      '--radius': '6px',
    },
    dark: {
      '--bg': '#0b0f19',
      '--fg': '#e5e7eb',
      '--muted': '#9ca3af',
      '--border': '#374151',
      '--card': '#111827',
      '--accent': '#60a5fa',
      '--accent-fg': '#0b0f19',
      '--ok': '#4ade80',
      '--degraded': '#fbbf24',
      '--down': '#f87171',
      '--maintenance': '#a5b4fc',
      '--nodata': '#8b93a1',
      '--font': SYSTEM_FONT,
      '--radius': '6px',
    },
  },
  ocean: {
    label: 'Ocean',
    light: {
      '--bg': '#f5fbff',
      '--fg': '#0b2540',
      '--muted': '#3d5a73',
      '--border': '#c4dbea',
      '--card': '#ffffff',
      '--accent': '#0369a1',
      '--accent-fg': '#ffffff',
      '--ok': '#047857',
      '--degraded': '#a16207',
      '--down': '#b91c1c',
      '--maintenance': '#4338ca',
      '--nodata': '#5b6b7f',
      '--font': SYSTEM_FONT,
      '--radius': '10px',
    },
    dark: {
      '--bg': '#06192b',
      '--fg': '#e0f2fe',
      '--muted': '#93b4cc',
      '--border': '#1e3a52',
      '--card': '#0c2740',
      '--accent': '#38bdf8',
      '--accent-fg': '#06192b',
      '--ok': '#34d399',
      '--degraded': '#fbbf24',
      '--down': '#f87171',
      '--maintenance': '#a5b4fc',
      '--nodata': '#8aa0b3',
      '--font': SYSTEM_FONT,
      '--radius': '10px',
    },
  },
  forest: {
    label: 'Forest',
    light: {
      '--bg': '#f7faf5',
      '--fg': '#14261a',
      '--muted': '#4a5d4f',
      '--border': '#cfdccb',
      '--card': '#ffffff',
      '--accent': '#166534',
      '--accent-fg': '#ffffff',
      '--ok': '#15803d',
      '--degraded': '#a16207',
      '--down': '#b91c1c',
      '--maintenance': '#5b21b6',
      '--nodata': '#5f6d61',
      '--font': SYSTEM_FONT,
      '--radius': '8px',
    },
    dark: {
      '--bg': '#0d1a12',
      '--fg': '#e3efe5',
      '--muted': '#9fb5a4',
      '--border': '#2a3f30',
      '--card': '#13251a',
      '--accent': '#4ade80',
      '--accent-fg': '#0d1a12',
      '--ok': '#4ade80',
      '--degraded': '#facc15',
      '--down': '#f87171',
      '--maintenance': '#c4b5fd',
      '--nodata': '#8a9c8d',
      '--font': SYSTEM_FONT,
      '--radius': '8px',
    },
  },
  mono: {
    label: 'Mono',
    light: {
      '--bg': '#ffffff',
      '--fg': '#0a0a0a',
      '--muted': '#525252',
      '--border': '#d4d4d4',
      '--card': '#fafafa',
      '--accent': '#171717',
      '--accent-fg': '#ffffff',
      '--ok': '#15803d',
      '--degraded': '#b45309',
      '--down': '#b91c1c',
      '--maintenance': '#4338ca',
      '--nodata': '#737373',
      '--font': MONO_FONT,
      '--radius': '0',
    },
    dark: {
      '--bg': '#0a0a0a',
      '--fg': '#fafafa',
      '--muted': '#a3a3a3',
      '--border': '#404040',
      '--card': '#171717',
      '--accent': '#e5e5e5',
      '--accent-fg': '#0a0a0a',
      '--ok': '#4ade80',
      '--degraded': '#fbbf24',
      '--down': '#f87171',
      '--maintenance': '#a5b4fc',
      '--nodata': '#8a8a8a',
      '--font': MONO_FONT,
      '--radius': '0',
    },
  },
  'high-contrast': {
    label: 'High contrast',
    light: {
      '--bg': '#ffffff',
      '--fg': '#000000',
      '--muted': '#1f1f1f',
      '--border': '#000000',
      '--card': '#ffffff',
      '--accent': '#00009c',
      '--accent-fg': '#ffffff',
      '--ok': '#005a00',
      '--degraded': '#6b3f00',
      '--down': '#9a0000',
      '--maintenance': '#3b007a',
      '--nodata': '#404040',
      '--font': SYSTEM_FONT,
      '--radius': '2px',
    },
    dark: {
      '--bg': '#000000',
      '--fg': '#ffffff',
      '--muted': '#e6e6e6',
      '--border': '#ffffff',
      '--card': '#000000',
      '--accent': '#ffff00',
      '--accent-fg': '#000000',
      '--ok': '#5dff5d',
      '--degraded': '#ffd000',
      '--down': '#ff8080',
      '--maintenance': '#d6bcff',
      '--nodata': '#c0c0c0',
      '--font': SYSTEM_FONT,
      '--radius': '2px',
    },
  },
} as const satisfies Record<string, Theme>;

export type ThemeKey = keyof typeof THEMES;

export const THEME_KEYS = Object.keys(THEMES) as ThemeKey[];

export const isThemeKey = (key: string): key is ThemeKey => Object.hasOwn(THEMES, key);

// Named colours accepted in custom themes: a fixed list, so that no other keyword (`inherit`,
// `var(...)`, `expression`) is ever emitted.
const NAMED_COLOURS = new Set([
  'transparent',
  'currentcolor',
  'black',
  'white',
  'gray',
  'grey',
  'silver',
  'red',
  'maroon',
  'orange',
  'gold',
  'yellow',
  'olive',
  'lime',
  'green',
  'darkgreen',
  'teal',
  'cyan',
  'aqua',
  'navy',
  'blue',
  'darkblue',
  'royalblue',
  'steelblue',
  'purple',
  'indigo',
  'violet',
  'magenta',
  'fuchsia',
  'pink',
  'brown',
  'crimson',
  'coral',
  'tomato',
  'salmon',
  'beige',
  'ivory',
  'whitesmoke',
  'gainsboro',
  'lightgray',
  'lightgrey',
  'darkgray',
  'darkgrey',
  'dimgray',
  'dimgrey',
  'slategray',
  'slategrey',
]);

const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// rgb(), rgba(), hsl(), hsla() with numbers only, in the comma or the space syntax, alpha after `/`.
const COLOUR_FUNCTION = /^(rgba?|hsla?)\(([0-9.,%/ a-z+-]*)\)$/i;
const NUMBER = /^[+-]?(?:\d{1,4}(?:\.\d{1,6})?|\.\d{1,6})(?:%|deg|turn|rad)?$/i;
const LENGTH = /^(?:0|(?:\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})(?:px|rem|em|%))$/;
// A family name: quoted (letters, digits, spaces, dashes) or bare words (CSS identifiers).
const FONT_FAMILY =
  /^(?:"[A-Za-z0-9 -]{1,64}"|'[A-Za-z0-9 -]{1,64}'|-?[A-Za-z][A-Za-z0-9-]{0,63}(?: [A-Za-z][A-Za-z0-9-]{0,63}){0,4})$/;

function isColour(value: string): boolean {
  if (HEX_COLOUR.test(value) || NAMED_COLOURS.has(value.toLowerCase())) return true;
  const match = COLOUR_FUNCTION.exec(value);
  if (!match) return false;
  const args = match[2].trim().split(/\s*[,/]\s*|\s+/);
  return (args.length === 3 || args.length === 4) && args.every((a) => NUMBER.test(a));
}

function isFontStack(value: string): boolean {
  const families = value.split(',').map((f) => f.trim());
  return families.length <= 10 && families.every((f) => FONT_FAMILY.test(f));
}

/** What a value of each kind must look like, as said to whoever set it. */
const EXPECTED: Record<VariableKind, string> = {
  colour: 'must be a colour such as #0a84ff, rgb(10 132 255) or hsl(210 90% 40%)',
  length: 'must be a length such as 0, 6px or 0.5rem',
  font: 'must be a font stack of family names such as "Inter", system-ui, sans-serif',
};

/**
 * Why `value` cannot be set on the variable `name` (a known variable or alias), or null when it can.
 * The checks are allow-lists of shapes, so nothing outside them (`;`, `}`, `<`, `url(`, comments,
 * backslashes, `var()`) is ever emitted.
 */
export function themeValueProblem(name: string, value: string): string | null {
  const variable = themeVariableOf(name);
  if (!variable) return `is not a theme variable; use one of ${CUSTOM_THEME_KEYS.join(', ')}`;
  const kind: VariableKind = THEME_VARIABLES[variable];
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 256) return EXPECTED[kind];
  const ok = kind === 'colour' ? isColour(trimmed) : kind === 'length' ? LENGTH.test(trimmed) : isFontStack(trimmed);
  return ok ? null : EXPECTED[kind];
}

/** The sanitized overrides of one mode: known variables with acceptable values, the rest dropped. */
function overrides(custom: Record<string, string> | undefined): Partial<ThemeValues> {
  const out: Partial<ThemeValues> = {};
  if (!custom) return out;
  for (const [name, value] of Object.entries(custom).slice(0, MAX_CUSTOM_THEME_ENTRIES * 2)) {
    const variable = themeVariableOf(name);
    if (variable && typeof value === 'string' && themeValueProblem(name, value) === null) out[variable] = value.trim();
  }
  return out;
}

function declarations(values: Partial<ThemeValues>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/**
 * The stylesheet setting the page's theme variables: light on `:root`, dark under
 * `prefers-color-scheme: dark`, the page's custom overrides of each mode merged over its theme. An
 * unknown theme key renders `default`. Values are sanitized again here: a stored value may predate a
 * rule, and the stylesheet is emitted unescaped.
 */
export function themeCss(theme: string, custom: CustomTheme | null): string {
  const base: Theme = isThemeKey(theme) ? THEMES[theme] : THEMES.default;
  const light = { ...base.light, ...overrides(custom?.light) };
  const dark = { ...base.dark, ...overrides(custom?.dark) };
  return (
    `:root{color-scheme:light dark;${declarations(light)}}` +
    `@media (prefers-color-scheme: dark){:root{${declarations(dark)}}}`
  );
}

/**
 * The dashboard's theme preview: the same sanitized variables as themeCss, set on the two preview
 * boxes (`.theme-preview.light` and `.theme-preview.dark`) side by side instead of the page's root.
 */
export function themePreviewCss(theme: string, custom: CustomTheme | null): string {
  const base: Theme = isThemeKey(theme) ? THEMES[theme] : THEMES.default;
  const light = { ...base.light, ...overrides(custom?.light) };
  const dark = { ...base.dark, ...overrides(custom?.dark) };
  return `.theme-preview.light{${declarations(light)}}.theme-preview.dark{${declarations(dark)}}`;
}
