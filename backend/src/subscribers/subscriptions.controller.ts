// The public pages behind the links of subscriber e-mails. GET only shows a page with a button:
// mail scanners and link previews fetch links, and must not confirm or cancel anything. POST does
// the change; a POST to the unsubscribe link is also the RFC 8058 one-click unsubscribe that mail
// clients send with the body `List-Unsubscribe=One-Click`. The manage page (reached from every mail)
// lets the holder of the link choose the components they hear about.
import { createHash } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isDomainError } from '../common/errors';
import { httpStatusOf } from '../http/domain-error.filter';
import { escapeHtml } from '../common/html';
import { SubscribersService, type ManagedSubscription, type SubscriptionOutcome } from './subscribers.service';
import { CONFIRM_PATH, MANAGE_PATH, UNSUBSCRIBE_PATH } from './subscription-links';

/** The pages' one stylesheet; the CSP allows exactly it (by hash), so no style attribute may be used. */
const STYLE =
  'body{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.4rem}.plain{list-style:none;padding:0}';

/**
 * As every public answer (public-pages/public-headers.ts): no script, this stylesheet only, forms
 * post to this origin only, never framed (the buttons confirm and cancel subscriptions).
 */
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

function form(action: string, token: string, label: string): string {
  const url = `${action}?token=${encodeURIComponent(token)}`;
  return `<form method="post" action="${escapeHtml(url)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

/** The manage form: a checkbox per component (none ticked: all of them), and an unsubscribe button. */
function managePage(token: string, m: ManagedSubscription, saved: boolean): string {
  const url = escapeHtml(`${MANAGE_PATH}?token=${encodeURIComponent(token)}`);
  const boxes = m.components
    .map(
      (c) =>
        `<li><label><input type="checkbox" name="components" value="${escapeHtml(c.id)}"${m.chosen.includes(c.id) ? ' checked' : ''}> ${escapeHtml(c.name)}</label></li>`,
    )
    .join('\n');
  const state =
    m.status === 'unsubscribed'
      ? '<p>This subscription was cancelled. Subscribe again on the status page to receive updates.</p>'
      : `<form method="post" action="${url}"><fieldset><legend>Components you hear about (none ticked: all of them)</legend>
<ul class="plain">${boxes}</ul></fieldset><p><button type="submit">Save</button></p></form>
${form(UNSUBSCRIBE_PATH, token, 'Unsubscribe')}`;
  return page(
    `Your subscription to ${m.pageTitle}`,
    `${saved ? '<p role="status">Saved.</p>' : ''}<p>${escapeHtml(m.email)} (${escapeHtml(m.status)})</p>${state}`,
  );
}

/** Form values of a repeated field: the body parser gives one string, or an array when repeated. */
function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

@Controller('subscriptions')
export class SubscriptionsController {
  constructor(@Inject(SubscribersService) private readonly subscribers: SubscribersService) {}

  @Get('confirm')
  async showConfirm(@Query('token') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.html(
      reply,
      200,
      page(
        'Confirm your subscription',
        `<p>Receive status updates by e-mail?</p>${form(CONFIRM_PATH, token ?? '', 'Confirm')}`,
      ),
    );
  }

  @Post('confirm')
  @HttpCode(200)
  async confirm(@Query('token') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.run(
      reply,
      () => this.subscribers.confirm(token ?? ''),
      (o) =>
        page(
          'Subscription confirmed',
          `<p>${escapeHtml(o.email)} will receive status updates of ${escapeHtml(o.pageTitle)}.</p>`,
        ),
    );
  }

  @Get('unsubscribe')
  async showUnsubscribe(@Query('token') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.html(
      reply,
      200,
      page(
        'Unsubscribe',
        `<p>Stop receiving status updates by e-mail?</p>${form(UNSUBSCRIBE_PATH, token ?? '', 'Unsubscribe')}`,
      ),
    );
  }

  /** The page's button and RFC 8058 one-click POSTs alike; the body is not needed. */
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Query('token') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.run(
      reply,
      () => this.subscribers.unsubscribe(token ?? ''),
      (o) =>
        page(
          'Unsubscribed',
          `<p>${escapeHtml(o.email)} will no longer receive status updates of ${escapeHtml(o.pageTitle)}.</p>`,
        ),
    );
  }

  @Get('manage')
  async showManage(@Query('token') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.run(
      reply,
      () => this.subscribers.managed(token ?? ''),
      (m) => managePage(token ?? '', m, false),
    );
  }

  @Post('manage')
  @HttpCode(200)
  async manage(
    @Query('token') token: string | undefined,
    @Body() body: Record<string, unknown> | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.run(
      reply,
      () => this.subscribers.chooseComponents(token ?? '', { components: values(body?.components) }),
      (m) => managePage(token ?? '', m, true),
    );
  }

  private async run<O extends SubscriptionOutcome>(
    reply: FastifyReply,
    action: () => Promise<O>,
    render: (outcome: O) => string,
  ): Promise<void> {
    let outcome: O;
    try {
      outcome = await action();
    } catch (error) {
      // Domain errors get a readable page; anything else goes to the one HTTP error filter.
      if (!isDomainError(error)) throw error;
      await this.html(
        reply,
        httpStatusOf(error.code),
        page('This link did not work', `<p>${escapeHtml(error.message)}</p>`),
      );
      return;
    }
    await this.html(reply, 200, render(outcome));
  }

  private async html(reply: FastifyReply, status: number, body: string): Promise<void> {
    await reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token is in the URL: keep it out of Referer headers.
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .send(body);
  }
}
