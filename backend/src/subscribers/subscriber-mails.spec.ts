import { confirmationMail, eventMail } from './subscriber-mails';

describe(eventMail.name, () => {
  const event = {
    kind: 'status_report.resolved' as const,
    pageId: '1',
    title: 'Login <broken>\r\nBcc: x@example.com',
    status: 'resolved',
    message: 'Fixed & verified.',
    componentNames: ['Auth'],
    at: new Date('2026-01-01T00:00:00.000Z'),
  };

  it('keeps the subject on one line and escapes the HTML body', () => {
    const mail = eventMail('a@example.com', 'Acme', event, 'https://s.example/u?token=1.x');
    expect(mail.subject).toBe('[Acme] Resolved: Login <broken> Bcc: x@example.com');
    expect(mail.html).toContain('Login &#60;broken&#62;');
    expect(mail.html).toContain('Fixed &#38; verified.');
    expect(mail.text).toContain('Unsubscribe: https://s.example/u?token=1.x');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://s.example/u?token=1.x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe(confirmationMail.name, () => {
  it('carries the confirm link and the one-click headers', () => {
    const mail = confirmationMail(
      'a@example.com',
      'Acme',
      'https://s.example/c?token=T',
      'https://s.example/u?token=U',
    );
    expect(mail.text).toContain('https://s.example/c?token=T');
    expect(mail.headers?.['List-Unsubscribe']).toBe('<https://s.example/u?token=U>');
  });
});

describe('manage links', () => {
  it('appear in confirmation and event mails when given', () => {
    const links = { unsubscribeUrl: 'https://s.example/u?token=U', manageUrl: 'https://s.example/m?token=M' };
    const confirm = confirmationMail('a@example.com', 'Acme', 'https://s.example/c?token=T', links);
    expect(confirm.text).toContain('https://s.example/m?token=M');
    expect(confirm.html).toContain('href="https://s.example/m?token=M"');
    const event = eventMail(
      'a@example.com',
      'Acme',
      {
        kind: 'maintenance.scheduled',
        pageId: '1',
        title: 'Work',
        message: '',
        componentNames: [],
        from: new Date(0),
        to: new Date(1),
      },
      links,
    );
    expect(event.text).toContain('Manage: https://s.example/m?token=M\nUnsubscribe: https://s.example/u?token=U');
    expect(event.headers?.['List-Unsubscribe']).toBe('<https://s.example/u?token=U>');
  });
});
