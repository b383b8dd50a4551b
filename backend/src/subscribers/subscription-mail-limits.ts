// How many subscription mails may go out, counted in the database so that every API node sees the
// same sends. Without these a subscribe form was a mail cannon: each POST for a pending address
// mailed it again, limited only per client address, which an attacker spreads over many.
import { hashToken } from '../common/crypto';

/** The window of both limits. */
export const SUBSCRIPTION_MAIL_WINDOW_SECONDS = 3600;

/**
 * Confirmation (and "you already subscribed") mails one address may receive per hour, across every
 * page, workspace, client address and transport (form, RPC, MCP, dashboard, import). A person needs
 * one; a few cover a lost mail.
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 3;

/**
 * Subscriptions the public form of one page may make pending (or remind) per hour, whoever asks: it
 * bounds what one page can be made to send to many addresses. 200 an hour is far more than a page
 * gets when people subscribe during an incident; a workspace adds more through the API or an import,
 * which this limit does not count.
 */
export const FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR = 200;

/** The quota key of a recipient address (lowercased by the schemas); only its hash is stored. */
export const recipientQuotaKey = (email: string): string => hashToken(`recipient:${email.toLowerCase()}`);

/** The quota key of a page's subscribe form. */
export const pageFormQuotaKey = (pageId: string): string => hashToken(`page-form:${pageId}`);
