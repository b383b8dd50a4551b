import { accessLinkMail } from './access-mail';

describe('accessLinkMail', () => {
  const url = 'https://status.acme.test/status/acme/access/link?token=abc.def';

  it('carries the link in both bodies, in the locale asked for', () => {
    const mail = accessLinkMail('ada@example.com', 'Acme <Cloud>', url, 'fr');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Connexion à Acme <Cloud>');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('Acme &#60;Cloud&#62;');
    expect(mail.html).not.toContain('<Cloud>');
    expect(mail.html).toContain('lang="fr"');
  });

  it('keeps the subject on one line whatever the title', () => {
    expect(accessLinkMail('ada@example.com', 'Acme\r\nBcc: eve@evil.test', url, 'en').subject).toBe(
      'Sign in to Acme Bcc: eve@evil.test',
    );
  });
});
