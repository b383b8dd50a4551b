import { escapeHtml } from '../../common/html';
import { PAGE_LOCALES } from '../../status-pages/locales';
import { fixtureSnapshot } from './machine-fixtures';
import { subscribeNotOfferedPage, subscribePage, subscribeSentPage } from './subscribe.render';
import { subscribeMessages } from './subscribe.messages';

describe(subscribePage.name, () => {
  const view = { snapshot: fixtureSnapshot(), locale: 'en' as const, base: '/status/acme', csrf: 'tok"en' };

  it('has the e-mail field, a box per component in its group, escaped, and keeps the visitor input', () => {
    const sut = subscribePage(view, { email: '"ada"@example.com', chosen: ['12'] }).value;
    expect(sut).toContain('action="/status/acme/subscribe"');
    expect(sut).toContain('value="tok&#34;en"');
    expect(sut).toMatch(
      /<legend>Backend<\/legend>\s*<ul>\s*<li>\s*<label\s*><input type="checkbox" name="components" value="11"\s*\/>\s*API &#60;v2&#62;/,
    );
    expect(sut).toMatch(/value="12"\s+checked/);
    expect(sut).toContain('value="&#34;ada&#34;@example.com"');
    expect(sut).not.toContain('aria-invalid');
  });

  it('marks the field of an error and announces the message', () => {
    const sut = subscribePage(view, { email: 'x', error: 'E-mail address: bad', errorField: 'email' }).value;
    expect(sut).toContain('role="alert"');
    expect(sut).toMatch(/aria-invalid="true"\s+aria-describedby="subscribe-error"/);
  });

  it('speaks every page locale, and the answer names the address', () => {
    for (const locale of PAGE_LOCALES) {
      const t = subscribeMessages(locale);
      expect(subscribePage({ ...view, locale }).value).toContain(
        `<h1 id="subscribe-title">${escapeHtml(t.title)}</h1>`,
      );
      expect(subscribePage({ ...view, locale }).value).toContain(`lang="${locale}"`);
      expect(subscribeSentPage({ ...view, locale }, 'ada@example.com').value).toContain('ada@example.com');
    }
  });

  it('without e-mail, offers no form, and no subscribe link, but the feeds', () => {
    const off = { ...view, snapshot: fixtureSnapshot({ page: { ...fixtureSnapshot().page, subscriptions: false } }) };
    for (const locale of PAGE_LOCALES) {
      const sut = subscribeNotOfferedPage({ ...off, locale }).value;
      expect(sut).toContain(`<h1 id="subscribe-title">${escapeHtml(subscribeMessages(locale).notOfferedTitle)}</h1>`);
      expect(sut).not.toContain('<form');
      expect(sut).not.toContain('/subscribe"');
      expect(sut).toContain('href="/status/acme/feed.rss"');
    }
  });
});
