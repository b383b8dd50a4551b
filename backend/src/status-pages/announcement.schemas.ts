// The fields a page's announcements share — status reports and maintenance windows (SPEC §2.10) —
// with one set of bounds and messages, so both refuse the same input in the same words.
import { z } from 'zod';
import { required, singleLine } from '../common/validation';

export const ANNOUNCEMENT_BOUNDS = {
  title: 256,
  message: 10_000,
} as const;

/** Dates an author may give: what PostgreSQL and JavaScript both represent without surprises. */
export const DATE_MIN = new Date('1970-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

export const announcementTitleSchema = singleLine()
  .trim()
  .min(1, required)
  .max(ANNOUNCEMENT_BOUNDS.title, { error: `must be at most ${ANNOUNCEMENT_BOUNDS.title} characters` });

export const announcementDateSchema = z
  .date({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a valid timestamp') })
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, {
    error: `must be between ${DATE_MIN.toISOString()} and ${DATE_MAX.toISOString()}`,
  });

/** The page components an announcement affects. */
export const componentIdsSchema = z
  .array(z.string(required))
  .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a component' });
