// The dashboard's forms read text into the verbs' inputs; each input is declared once, as the zod
// schema its verb validates with (monitors/monitor.schemas.ts, status-pages/status-page.schemas.ts).
// This spec ties a form to its declaration: a full form gives exactly the fields of the schema, and
// the schema accepts what it gives, so a field added to a schema but not to its form (or a form
// field the schema does not know) fails here instead of being silently dropped.
import { MONITOR_KINDS } from '../checks/check-config';
import { MONITOR_SCHEMAS } from '../monitors/monitor.schemas';
import { statusPageSchema } from '../status-pages/status-page.schemas';
import { newMonitorFormValues, parseMonitorForm } from './monitor-form';
import { newStatusPageFormValues, parseStatusPageForm } from './status-page-form';

const TARGETS = { url: 'https://example.com/health', uri: 'example.com:443' };

describe('dashboard forms and the inputs they fill', () => {
  it.each(MONITOR_KINDS)('reads a full %s monitor form into exactly its schema, which accepts it', (kind) => {
    const form = { ...newMonitorFormValues(), name: 'Checkout', ...TARGETS } as Record<string, string>;
    if (kind === 'dns' || kind === 'icmp') form.uri = 'example.com';
    const { input, errors } = parseMonitorForm(kind, form);
    expect(errors).toEqual({});
    expect(Object.keys(input).sort()).toEqual(Object.keys(MONITOR_SCHEMAS[kind].shape).sort());
    expect(MONITOR_SCHEMAS[kind].strict().safeParse(input).error?.issues ?? []).toEqual([]);
  });

  it('reads a full status page form into its schema, but the password when none is typed and what the service knows', () => {
    const form = {
      ...newStatusPageFormValues(),
      title: 'Acme status',
      slug: 'acme',
      accessType: 'password',
      password: 'correct horse battery',
    } as Record<string, string>;
    const { input, errors } = parseStatusPageForm(form);
    expect(errors).toEqual({});
    const declared = Object.keys(statusPageSchema.shape).filter((key) => key !== 'hasPassword');
    expect(Object.keys(input).sort()).toEqual(declared.sort());
    const parsed = statusPageSchema.safeParse({ ...input, hasPassword: false });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(Object.keys(parseStatusPageForm({ ...form, password: '' }).input)).not.toContain('password');
  });
});
