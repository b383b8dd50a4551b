import { THEME_KEYS, THEME_VARIABLES, THEMES, themeCss, themeValueProblem, themeVariableOf } from './themes';

/** The declarations of the light (`:root`) and dark (media query) blocks, by variable. */
function parse(css: string): { light: Record<string, string>; dark: Record<string, string> } {
  const match = /^:root\{([^}]*)\}@media \(prefers-color-scheme: dark\)\{:root\{([^}]*)\}\}$/.exec(css);
  if (!match) throw new Error(`unexpected stylesheet shape: ${css}`);
  const block = (body: string) =>
    Object.fromEntries(
      body.split(';').map((d) => {
        const at = d.indexOf(':');
        return [d.slice(0, at), d.slice(at + 1)];
      }),
    );
  return { light: block(match[1]), dark: block(match[2]) };
}

/** Relative luminance and contrast ratio (WCAG 2.x) of #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('themes', () => {
  it('has the built-in set, each theme setting every variable in both modes', () => {
    expect(THEME_KEYS).toEqual(expect.arrayContaining(['default', 'ocean', 'forest', 'mono', 'high-contrast']));
    for (const key of THEME_KEYS) {
      for (const mode of ['light', 'dark'] as const) {
        expect(Object.keys(THEMES[key][mode]).sort()).toEqual(Object.keys(THEME_VARIABLES).sort());
        for (const [name, value] of Object.entries(THEMES[key][mode])) {
          // The built-in values pass the sanitizer that custom values pass.
          expect([key, mode, name, themeValueProblem(name, value)]).toEqual([key, mode, name, null]);
        }
      }
    }
  });

  it.each(THEME_KEYS.flatMap((key) => (['light', 'dark'] as const).map((mode) => [key, mode] as const)))(
    'keeps text readable in %s %s (WCAG AA 4.5:1 on the background and on cards)',
    (key, mode) => {
      const t = THEMES[key][mode];
      for (const text of ['--fg', '--muted', '--accent', '--ok', '--degraded', '--down', '--maintenance', '--nodata']) {
        for (const surface of ['--bg', '--card'] as const) {
          const ratio = contrast(t[text as keyof typeof t], t[surface]);
          expect({ text, surface, ok: ratio >= 4.5, ratio }).toMatchObject({ text, surface, ok: true });
        }
      }
      expect(contrast(t['--accent-fg'], t['--accent'])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('renders light on :root and dark under prefers-color-scheme', () => {
    const css = parse(themeCss('ocean', null));
    expect(css.light).toMatchObject({ 'color-scheme': 'light dark', '--bg': THEMES.ocean.light['--bg'] });
    expect(css.dark['--bg']).toBe(THEMES.ocean.dark['--bg']);
    expect(css.light['--bg']).not.toBe(css.dark['--bg']);
  });

  it('renders an unknown theme key as default', () => {
    expect(themeCss('dark', null)).toBe(themeCss('default', null));
    expect(themeCss('constructor', null)).toBe(themeCss('default', null));
  });

  it('merges each mode of a custom theme over the theme, aliases setting their variable', () => {
    const css = parse(
      themeCss('forest', {
        light: { '--bg': '#fafafa', '--primary': 'hsl(24 94% 50%)', '--radius': '0.5rem' },
        dark: { '--color-background': 'rgb(10 20 30 / 80%)', '--font': '"Inter", system-ui, sans-serif' },
      }),
    );
    expect(css.light).toMatchObject({ '--bg': '#fafafa', '--accent': 'hsl(24 94% 50%)', '--radius': '0.5rem' });
    expect(css.light['--fg']).toBe(THEMES.forest.light['--fg']);
    expect(css.dark).toMatchObject({
      '--bg': 'rgb(10 20 30 / 80%)',
      '--font': '"Inter", system-ui, sans-serif',
      '--accent': THEMES.forest.dark['--accent'],
    });
    expect(css.dark).not.toHaveProperty('--primary');
  });

  it.each([
    ['--bg', 'red;}body{display:none'],
    ['--bg', '#fff}</style><script>alert(1)</script>'],
    ['--bg', 'url(https://evil.example.com/x.png)'],
    ['--bg', 'expression(alert(1))'],
    ['--bg', '#fff/**/'],
    ['--bg', '\\23 fff'],
    ['--bg', 'var(--fg)'],
    ['--bg', 'inherit'],
    ['--bg', 'rgb(1, 2)'],
    ['--bg', 'rgb(1 2 3 4 5)'],
    ['--bg', '#ggg'],
    ['--radius', '6px;color:red'],
    ['--radius', 'calc(1px + 2px)'],
    ['--radius', '#fff'],
    ['--font', 'Inter; color: red'],
    ['--font', '"Inter\\"; }'],
    ['--font', 'url(x)'],
    ['--fg', ''],
    ['--unknown', '#fff'],
    ['color', 'red'],
    ['__proto__', '#fff'],
  ])('refuses %s: %j and leaves it out of the stylesheet', (name, value) => {
    expect(themeValueProblem(name, value)).not.toBeNull();
    const css = themeCss('default', { light: { [name]: value }, dark: { [name]: value } });
    expect(css).toBe(themeCss('default', null));
  });

  it.each([
    ['--bg', '#0a84ff'],
    ['--bg', '#FFF'],
    ['--bg', '#0a84ff80'],
    ['--bg', 'rgb(10, 132, 255)'],
    ['--bg', 'rgba(10, 132, 255, 0.5)'],
    ['--bg', 'hsl(210deg 90% 40% / .5)'],
    ['--bg', 'White'],
    ['--radius', '0'],
    ['--radius', '12px'],
    ['--font', "'Segoe UI', -apple-system, sans-serif"],
  ])('accepts %s: %j', (name, value) => {
    expect(themeValueProblem(name, value)).toBeNull();
  });

  it('says what a value of each kind looks like', () => {
    expect(themeValueProblem('--bg', 'nope')).toBe(
      'must be a colour such as #0a84ff, rgb(10 132 255) or hsl(210 90% 40%)',
    );
    expect(themeValueProblem('--radius', 'big')).toBe('must be a length such as 0, 6px or 0.5rem');
    expect(themeValueProblem('--nope', '#fff')).toMatch(/^is not a theme variable; use one of --bg, --fg, /);
    expect(themeVariableOf('--primary')).toBe('--accent');
  });
});
