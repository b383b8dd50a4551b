// OpenStatus assertions (`assertions: [{kind, compare, target, key}]`) to this service's status code,
// body and header assertions. The three kinds and their ten `compare` values have twins here, so most
// map exactly; one that cannot (a `contains` on a status code, a code outside 100-599, an unknown
// kind) is reported as unmappable with its position, never dropped silently: the imported monitor
// would otherwise pass where the source's check failed. Targets are not repeated in findings.
import {
  MONITOR_BOUNDS,
  type BodyAssertion,
  type HeaderAssertion,
  type StatusCodeAssertion,
} from '../../checks/check-config';
import { isMultiLine, isSingleLine } from '../../common/validation';
import type { ImportFinding } from '../import-model';
import { asNumber, asText, fieldsOf, isPlain } from './openstatus-fields';
import { NUMBER_COMPARES, STRING_COMPARES } from './openstatus-values';

export interface MappedAssertions {
  statusCodeAssertions: StatusCodeAssertion[];
  bodyAssertions: BodyAssertion[];
  headerAssertions: HeaderAssertion[];
}

const ASSERTION_FIELDS = ['kind', 'compare', 'target', 'key'] as const;
/** Comparisons whose target is not read: OpenStatus files often leave it out. */
const TARGETLESS = ['empty', 'not_empty'];

export function mapAssertions(value: unknown, findings: ImportFinding[]): MappedAssertions {
  const out: MappedAssertions = { statusCodeAssertions: [], bodyAssertions: [], headerAssertions: [] };
  if (value === undefined || value === null) return out;
  const list = Array.isArray(value) ? value : null;
  if (!list) {
    findings.push({
      level: 'unmappable',
      field: 'assertions',
      message: 'not a list of assertions; none imported',
    });
    return out;
  }
  list.forEach((entry, index) => {
    const field = `assertions[${index}]`;
    const refuse = (why: string) => findings.push({ level: 'unmappable', field, message: `${why}; not imported` });
    if (!isPlain(entry)) return void refuse('is not an assertion (kind, compare, target)');
    const a = fieldsOf(entry, ASSERTION_FIELDS);
    if (a.unknown.length)
      findings.push({
        level: 'unmappable',
        field,
        message: `${a.unknown.join(', ')} ${a.unknown.length === 1 ? 'is' : 'are'} not part of an OpenStatus assertion; not read`,
      });
    const kind = asText(a.get('kind')) ?? '';
    const compare = (asText(a.get('compare')) ?? '').toLowerCase();
    const what = `${kind || '(no kind)'} ${compare || '(no compare)'}`;
    const target = a.get('target');
    switch (kind.toLowerCase()) {
      case 'statuscode': {
        const comparator = NUMBER_COMPARES[compare];
        if (!comparator) return void refuse(`${what}: a status code compares with eq, not_eq, gt, gte, lt or lte`);
        const code = asNumber(target);
        if (code === null || !Number.isInteger(code)) return void refuse(`${what}: the target is not a whole number`);
        if (code < MONITOR_BOUNDS.statusCodeMin || code > MONITOR_BOUNDS.statusCodeMax)
          return void refuse(
            `${what}: the target is outside ${MONITOR_BOUNDS.statusCodeMin}-${MONITOR_BOUNDS.statusCodeMax}, the status codes checked here`,
          );
        return void push(out.statusCodeAssertions, { comparator, target: code }, field, findings);
      }
      case 'textbody': {
        const comparator = STRING_COMPARES[compare];
        if (!comparator) return void refuse(`${what}: “${compare}” is not an OpenStatus comparison`);
        const text =
          target === undefined || target === null ? (TARGETLESS.includes(compare) ? '' : null) : asText(target);
        if (text === null) return void refuse(`${what}: the target is missing or not text`);
        if (!isMultiLine(text)) return void refuse(`${what}: the target holds control characters`);
        return void push(out.bodyAssertions, { comparator, target: text }, field, findings);
      }
      case 'header': {
        const comparator = STRING_COMPARES[compare];
        if (!comparator) return void refuse(`${what}: “${compare}” is not an OpenStatus comparison`);
        const key = (asText(a.get('key')) ?? '').trim();
        if (!key || !isSingleLine(key)) return void refuse(`${what}: the header name (key) is missing or not one line`);
        const text =
          target === undefined || target === null ? (TARGETLESS.includes(compare) ? '' : null) : asText(target);
        if (text === null) return void refuse(`${what}: the target is missing or not text`);
        if (!isSingleLine(text)) return void refuse(`${what}: the target is not one line of text`);
        return void push(out.headerAssertions, { key, comparator, target: text }, field, findings);
      }
      default:
        return void refuse(`kind “${kind}” is not one of statusCode, textBody, header, the kinds OpenStatus checks`);
    }
  });
  return out;
}

function push<T>(list: T[], assertion: T, field: string, findings: ImportFinding[]): void {
  if (list.length < MONITOR_BOUNDS.assertionsPerKind) {
    list.push(assertion);
    return;
  }
  findings.push({
    level: 'unmappable',
    field,
    message: `a monitor here holds at most ${MONITOR_BOUNDS.assertionsPerKind} assertions of a kind; not imported`,
  });
}
