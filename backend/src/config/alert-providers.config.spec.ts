import { ConfigError } from './config-error';
import { alertProvidersConfig } from './alert-providers.config';

function problems(env: Record<string, string>): string[] {
  try {
    alertProvidersConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('alertProvidersConfig', () => {
  it('defaults to the public providers and allows private targets outside production', () => {
    expect(alertProvidersConfig({})).toEqual({
      allowPrivateTargets: true,
      pagerdutyUrl: 'https://events.pagerduty.com',
      opsgenieUrls: { us: 'https://api.opsgenie.com', eu: 'https://api.eu.opsgenie.com' },
      ntfyUrl: 'https://ntfy.sh',
      telegram: { url: 'https://api.telegram.org', botToken: null },
      pushoverUrl: 'https://api.pushover.net',
      twilio: {
        url: 'https://api.twilio.com',
        accountSid: null,
        authToken: null,
        from: null,
        whatsappFrom: null,
      },
    });
  });

  it('refuses private targets under production unless allowed', () => {
    expect(alertProvidersConfig({ NODE_ENV: 'production' }).allowPrivateTargets).toBe(false);
    expect(alertProvidersConfig({ NODE_ENV: 'production', ALLOW_PRIVATE_TARGETS: 'true' }).allowPrivateTargets).toBe(
      true,
    );
    expect(alertProvidersConfig({ NODE_ENV: 'development', ALLOW_PRIVATE_TARGETS: 'false' }).allowPrivateTargets).toBe(
      false,
    );
  });

  it('reads base URLs (trailing slash removed) and credentials', () => {
    const config = alertProvidersConfig({
      ALERT_PAGERDUTY_URL: 'http://127.0.0.1:9000/pd/',
      ALERT_TELEGRAM_URL: 'https://proxy.example/telegram',
      TELEGRAM_BOT_TOKEN: '123456789:AAEhBOweik9ad8hK2Ljs4Xb0Zq1Pn3RtYuI',
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: 'Acme',
      TWILIO_WHATSAPP_FROM: '+15550002222',
    });
    expect(config.pagerdutyUrl).toBe('http://127.0.0.1:9000/pd');
    expect(config.telegram).toEqual({
      url: 'https://proxy.example/telegram',
      botToken: '123456789:AAEhBOweik9ad8hK2Ljs4Xb0Zq1Pn3RtYuI',
    });
    expect(config.twilio).toMatchObject({ accountSid: 'AC0123', authToken: 'secret-token', from: 'Acme' });
  });

  it('treats empty values as unset', () => {
    expect(alertProvidersConfig({ TELEGRAM_BOT_TOKEN: '', ALERT_NTFY_URL: '' }).telegram.botToken).toBeNull();
  });

  it('names the variable and never echoes a credential', () => {
    const found = problems({
      ALERT_OPSGENIE_EU_URL: 'ftp://x',
      ALLOW_PRIVATE_TARGETS: 'yes',
      TELEGRAM_BOT_TOKEN: 'not a token',
      TWILIO_FROM: 'A very long sender name',
    });
    expect(found).toEqual([
      expect.stringMatching(/^ALLOW_PRIVATE_TARGETS: expected true or false/),
      expect.stringMatching(/^ALERT_OPSGENIE_EU_URL: expected an http\(s\) URL/),
      expect.stringMatching(/^TELEGRAM_BOT_TOKEN: expected a bot token/),
      expect.stringMatching(/^TWILIO_FROM: expected an E\.164 phone number/),
    ]);
    expect(found.join('\n')).not.toContain('not a token');
  });

  it('refuses a base URL with credentials or a query', () => {
    expect(problems({ ALERT_TWILIO_URL: 'https://user:pw@proxy.example' })).toEqual([
      expect.stringMatching(/^ALERT_TWILIO_URL:/),
    ]);
    expect(problems({ ALERT_PAGERDUTY_URL: 'https://proxy.example/?k=1' })).toEqual([
      expect.stringMatching(/^ALERT_PAGERDUTY_URL:/),
    ]);
  });

  it('wants the Twilio account SID and auth token together', () => {
    expect(problems({ TWILIO_ACCOUNT_SID: 'AC1' })).toEqual([
      'TWILIO_AUTH_TOKEN: required when TWILIO_ACCOUNT_SID is set',
    ]);
    expect(problems({ TWILIO_AUTH_TOKEN: 'tok' })).toEqual([
      'TWILIO_ACCOUNT_SID: required when TWILIO_AUTH_TOKEN is set',
    ]);
  });
});
