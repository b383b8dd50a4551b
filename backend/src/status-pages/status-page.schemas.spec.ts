import { ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { MAX_CUSTOM_THEME_ENTRIES } from './themes';
import { embedOrigin, statusPageSchema } from './status-page.schemas';

describe('statusPageSchema theme fields', () => {
  const valid = {
    title: 'Acme',
    slug: 'acme',
    description: '',
    homepageUrl: null,
    contactUrl: null,
    icon: null,
    customDomain: null,
    accessType: 'public',
    password: null,
    authEmailDomains: [],
    allowedIpRanges: null,
    theme: 'default',
    customTheme: null,
    defaultLocale: 'en',
    locales: [],
    allowIndex: true,
    embedOrigins: [],
    hasPassword: false,
  };
  const sut = (patch: object) => parseInput(statusPageSchema, { ...valid, ...patch });
  const messageOf = (patch: object): string => {
    try {
      sut(patch);
    } catch (error) {
      if (error instanceof ValidationError) return error.message;
      throw error;
    }
    throw new Error('accepted');
  };

  it('keeps the custom theme as given, aliases of other tools included', () => {
    const customTheme = {
      light: { '--bg': '#ffffff', '--primary': 'hsl(24 94% 50%)', '--radius': '0.5rem' },
      dark: { '--color-primary': '#88aaff', '--background': 'hsl(220 15% 8%)', '--font': '"Inter", sans-serif' },
    };
    expect(sut({ customTheme }).customTheme).toEqual(customTheme);
    expect(sut({ customTheme: { light: { '--accent': 'red' } } }).customTheme).toEqual({
      light: { '--accent': 'red' },
    });
  });

  it('stores a theme key that is not built in (rendered as default)', () => {
    expect(sut({ theme: 'dark' }).theme).toBe('dark');
    expect(sut({ theme: 'high-contrast' }).theme).toBe('high-contrast');
  });

  it.each([
    [{ light: { '--bg': 'red;}' } }, 'customTheme.light["--bg"]: must be a colour such as #0a84ff'],
    [{ dark: { '--radius': 'url(x)' } }, 'customTheme.dark["--radius"]: must be a length such as 0, 6px or 0.5rem'],
    [{ light: { color: 'red' } }, 'customTheme.light["color"]: is not a theme variable; use one of --bg, --fg'],
    [{ light: { '--bg': 'a\u0007' } }, 'customTheme.light["--bg"]: must not contain control characters'],
    [{ light: { '--bg': 1 } }, 'customTheme.light.--bg: values must be strings'],
  ])('refuses custom theme %j naming the key', (customTheme, message) => {
    expect(messageOf({ customTheme })).toContain(message);
  });

  it('bounds the entries of each mode', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_CUSTOM_THEME_ENTRIES + 1 }, (_, i) => [`--x${i}`, '#fff']),
    );
    expect(messageOf({ customTheme: { dark: many } })).toBe(
      `customTheme.dark: must have at most ${MAX_CUSTOM_THEME_ENTRIES} entries`,
    );
  });

  it('takes up to 10 embedding origins, https (http only on loopback), without path', () => {
    const origins = Array.from({ length: 10 }, (_, i) => `https://site${i}.example.com`);
    expect(sut({ embedOrigins: origins }).embedOrigins).toEqual(origins);
    expect(messageOf({ embedOrigins: [...origins, 'https://one-more.example.com'] })).toBe(
      'embedOrigins: must have at most 10 entries',
    );
    const refusal =
      'embedOrigins.0: must be an https origin such as https://www.example.com (no path; http only for localhost)';
    for (const bad of [
      'http://www.example.com',
      'https://www.example.com/status',
      'https://*.example.com',
      'https://user@www.example.com',
      'https://www.example.com?x=1',
      'javascript:alert(1)',
      'www.example.com',
      "'self'",
    ]) {
      expect([bad, messageOf({ embedOrigins: [bad] })]).toEqual([bad, refusal]);
    }
    expect(messageOf({ embedOrigins: ['https://a.example.com\n'] })).toMatch(/^embedOrigins\.0: /);
  });

  it('names an embedding origin by its scheme, host and port only', () => {
    expect(embedOrigin('https://WWW.Example.com/')).toBe('https://www.example.com');
    expect(embedOrigin('https://www.example.com:8443')).toBe('https://www.example.com:8443');
    expect(embedOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    expect(embedOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(embedOrigin('https://www.example.com/a/..')).toBeNull();
  });

  it('takes the uptime periods a public page shows, off when not given, and refuses others naming the field', () => {
    expect(sut({}).uptimePeriod).toBe('off');
    for (const uptimePeriod of ['off', '30d', '90d', 'month', 'quarter']) {
      expect(sut({ uptimePeriod }).uptimePeriod).toBe(uptimePeriod);
    }
    for (const bad of ['week', '', 'Month', null]) {
      expect([bad, messageOf({ uptimePeriod: bad })]).toEqual([
        bad,
        'uptimePeriod: must be one of off, 30d, 90d, month, quarter',
      ]);
    }
  });

  it('refuses a malformed theme key, listing the built-in ones', () => {
    expect(messageOf({ theme: 'Not A Key' })).toBe(
      'theme: must be a theme key of 1 to 64 characters a-z, 0-9 and -; built in: default, ocean, forest, mono, high-contrast',
    );
  });
});
