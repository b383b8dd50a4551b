// Attribute validators: each mirrors one bound of SPEC section 8 (or the RPC API's documented rule)
// and reports on the attribute path with a message that names the bound, before any API call.
import { type Path, type Validator, type Value } from './types';

/** `name`, `headers[2].key`, `custom_theme.light["--x"]`: the path as a person reads it. */
export function describePath(path: Path): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else if (typeof step === 'object') text += `[${JSON.stringify(step.key)}]`;
    else text += text === '' ? step : `.${step}`;
  }
  return text;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;

/** Characters, as the service counts them (code points). */
export function stringLength(min: number, max: number): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string') return;
    const length = [...value].length;
    if (length < min || length > max) {
      const bound = min === 0 ? `at most ${max} characters` : `${min} to ${max} characters`;
      diags.error(`Invalid ${describePath(path)}`, `${describePath(path)} must be ${bound}; got ${length}.`, path);
    }
  };
}

/** No control characters (tab and newlines allowed only where `multiline`). */
export function noControlCharacters(multiline = false): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string') return;
    const bad = multiline ? CONTROL.test(value) : CONTROL_OR_NEWLINE.test(value);
    if (bad)
      diags.error(`Invalid ${describePath(path)}`, `${describePath(path)} must not contain control characters.`, path);
  };
}

export function oneOf(values: readonly string[]): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string' || values.includes(value)) return;
    diags.error(
      `Invalid ${describePath(path)}`,
      `${describePath(path)} must be one of ${values.map((v) => `"${v}"`).join(', ')}; got "${value}".`,
      path,
    );
  };
}

export function intBetween(min: number, max: number): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'number') return;
    if (!Number.isInteger(value) || value < min || value > max) {
      diags.error(
        `Invalid ${describePath(path)}`,
        `${describePath(path)} must be a whole number from ${min} to ${max}; got ${value}.`,
        path,
      );
    }
  };
}

export function intAtLeast(min: number): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'number') return;
    if (!Number.isInteger(value) || value < min) {
      diags.error(
        `Invalid ${describePath(path)}`,
        `${describePath(path)} must be a whole number of at least ${min}; got ${value}.`,
        path,
      );
    }
  };
}

/** Lists, sets, maps and repeated blocks: at most `max` entries. */
export function sizeAtMost(max: number): Validator {
  return (value, path, diags) => {
    const size = Array.isArray(value)
      ? value.length
      : value && typeof value === 'object'
        ? Object.keys(value).length
        : -1;
    if (size > max)
      diags.error(
        `Invalid ${describePath(path)}`,
        `${describePath(path)} must have at most ${max} entries; got ${size}.`,
        path,
      );
  };
}

export function sizeAtLeast(min: number): Validator {
  return (value, path, diags) => {
    const size = Array.isArray(value)
      ? value.length
      : value && typeof value === 'object'
        ? Object.keys(value).length
        : -1;
    if (size >= 0 && size < min)
      diags.error(
        `Invalid ${describePath(path)}`,
        `${describePath(path)} must have at least ${min} entries; got ${size}.`,
        path,
      );
  };
}

/**
 * Lists the service stores without repeats: each value once, reported on the repeat. Sent twice, a
 * value would come back once and leave state unlike the configuration.
 */
export function distinct(): Validator {
  return (value, path, diags) => {
    if (!Array.isArray(value)) return;
    const seen = new Set<string>();
    value.forEach((v, i) => {
      if (!isKnown(v)) return;
      const key = JSON.stringify(v);
      const at = [...path, i];
      if (seen.has(key))
        diags.error(
          `Invalid ${describePath(at)}`,
          `${describePath(at)} repeats an earlier entry (${key}); give each value once.`,
          at,
        );
      seen.add(key);
    });
  };
}

/** An absolute http or https URL of at most `max` characters. */
export function httpUrl(max = 2048): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string') return;
    let ok = false;
    try {
      const url = new URL(value);
      ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok)
      diags.error(
        `Invalid ${describePath(path)}`,
        `${describePath(path)} must be an http or https URL; got "${value}".`,
        path,
      );
    else stringLength(0, max)(value, path, diags);
  };
}

export function matches(pattern: RegExp, what: string): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string' || pattern.test(value)) return;
    diags.error(`Invalid ${describePath(path)}`, `${describePath(path)} must be ${what}; got "${value}".`, path);
  };
}

/** Each key of a map, and each element of a list or set, through `inner` (paths name the key or index). */
export function eachElement(inner: Validator): Validator {
  return (value, path, diags) => {
    if (Array.isArray(value)) value.forEach((v, i) => isKnown(v) && inner(v, [...path, i], diags));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (isKnown(v)) inner(v, [...path, { key: k }], diags);
  };
}

export function eachKey(inner: Validator): Validator {
  return (value, path, diags) => {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const k of Object.keys(value)) inner(k, [...path, { key: k }], diags);
  };
}

export function isKnown(value: Value): boolean {
  return value !== null && typeof value !== 'symbol';
}
