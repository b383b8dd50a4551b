// Validation of subscriber input: one source of truth for the bounds, with messages that name the
// field and the bound.
import { z } from 'zod';
import { isSingleLine, NO_CONTROL_CHARACTERS, required } from '../common/validation';
import type { PageBounds } from '../common/paging';

export const SUBSCRIBER_BOUNDS = {
  /** RFC 5321: 64 for the local part, 255 for the domain; 320 is the customary total. */
  email: 320,
  importMax: 1000,
  perPageDefault: 50,
  perPageMax: 200,
} as const;

/**
 * A practical address check: one @, a non-empty local part without spaces, and a dotted domain of
 * letters, digits and hyphens. Quoted local parts and IP literals are refused on purpose: they are
 * almost always typos on a subscribe form.
 */
const EMAIL =
  /^[^\s@"<>()[\],;:\\]{1,64}@(?=.{1,255}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const emailSchema = z
  .string(required)
  .trim()
  .toLowerCase()
  // `abort`: one message per field; "too long" says more than "not an address".
  .min(1, { ...required, abort: true })
  .max(SUBSCRIBER_BOUNDS.email, { error: `must be at most ${SUBSCRIBER_BOUNDS.email} characters`, abort: true })
  // The address pattern allows any character but a few in the local part; controls never belong there.
  .refine(isSingleLine, { error: NO_CONTROL_CHARACTERS, abort: true })
  .regex(EMAIL, { error: 'must be an e-mail address such as name@example.com' });

const idSchema = z.string(required).min(1, required);

export const addSubscriberSchema = z.object({ pageId: idSchema, email: emailSchema });

export const importSubscribersSchema = z.object({
  pageId: idSchema,
  emails: z
    .array(emailSchema, required)
    .min(1, { error: `must hold between 1 and ${SUBSCRIBER_BOUNDS.importMax} addresses` })
    .max(SUBSCRIBER_BOUNDS.importMax, {
      error: `must hold between 1 and ${SUBSCRIBER_BOUNDS.importMax} addresses`,
    }),
  confirmed: z.boolean().default(false),
});

export const listSubscribersSchema = z.object({ pageId: idSchema });

/** listSubscribers (RPC, SPEC §4.2): page/perPage only. */
export const SUBSCRIBER_PAGING: PageBounds = {
  perPage: { max: SUBSCRIBER_BOUNDS.perPageMax, default: SUBSCRIBER_BOUNDS.perPageDefault },
};

/** Length of the random token of a confirmation link ([A-Za-z0-9], about 256 bits). */
export const TOKEN_LENGTH = 43;

/** Components one subscriber may choose at most (a page rarely has more; the form lists them all). */
export const CHOSEN_COMPONENTS_MAX = 200;

const componentIdsSchema = z
  .array(z.string(required).regex(/^[1-9]\d{0,17}$/, { error: 'must be component ids of this page' }), required)
  .max(CHOSEN_COMPONENTS_MAX, { error: `must hold at most ${CHOSEN_COMPONENTS_MAX} components` })
  .transform((ids) => [...new Set(ids)]);

/** The subscribe form of a public page: an address and the components chosen (none: all of them). */
export const publicSubscribeSchema = z.object({
  pageId: idSchema,
  email: emailSchema,
  components: componentIdsSchema.default([]),
});

/** The manage page of a subscription: the components chosen (none: all of them). */
export const chooseComponentsSchema = z.object({ components: componentIdsSchema.default([]) });
