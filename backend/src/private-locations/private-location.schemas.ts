// Validation of private locations (SPEC §2.9): create and update both validate the whole location
// here, with messages that name the field and the bound.
import { z } from 'zod';
import { isSingleLine, NO_CONTROL_CHARACTERS, required, singleLine } from '../common/validation';

export const PRIVATE_LOCATION_BOUNDS = {
  name: 256,
  metadataEntries: 50,
  metadataKey: 64,
  metadataValue: 256,
} as const;

const B = PRIVATE_LOCATION_BOUNDS;
const metadata = z.record(z.string(), z.string(required)).superRefine((labels, ctx) => {
  const entries = Object.entries(labels);
  if (entries.length > B.metadataEntries) {
    ctx.addIssue({ code: 'custom', message: `must have at most ${B.metadataEntries} entries` });
  }
  for (const [key, value] of entries) {
    if (key.length < 1 || key.length > B.metadataKey) {
      ctx.addIssue({
        code: 'custom',
        message: `key ${JSON.stringify(key)} must be 1 to ${B.metadataKey} characters`,
      });
    } else if (!isSingleLine(key)) {
      ctx.addIssue({ code: 'custom', message: `key ${JSON.stringify(key)} ${NO_CONTROL_CHARACTERS}` });
    } else if (value.length > B.metadataValue) {
      ctx.addIssue({ code: 'custom', path: [key], message: `must be at most ${B.metadataValue} characters` });
    } else if (!isSingleLine(value)) {
      ctx.addIssue({ code: 'custom', path: [key], message: NO_CONTROL_CHARACTERS });
    }
  }
});

export const privateLocationSchema = z.object({
  name: singleLine(B.name).trim().min(1, { error: 'is required' }),
  monitorIds: z
    .array(z.string(required))
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a monitor' }),
  metadata,
});

export type PrivateLocationData = z.output<typeof privateLocationSchema>;
