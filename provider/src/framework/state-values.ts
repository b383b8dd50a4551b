// Small conversions between the API's messages and terraform state, shared by the notification,
// status page and private location mappings. The API answers an unset optional field with its
// empty value ("", [], {}); state keeps null there when the prior state (or configuration) had null,
// so a configuration that leaves an attribute out never shows a diff.
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { ProviderError, type Validator, type Value } from './types';
import { describePath } from './validators';

/** A timestamp as an RFC 3339 string (UTC, milliseconds); null when the API left it unset. */
export function rfc3339(value: Timestamp | undefined): string | null {
  return value ? timestampDate(value).toISOString() : null;
}

/** The API's "" as null, unless the prior state held "" itself. */
export function optionalText(api: string | undefined, prior: Value | undefined): string | null {
  if (api === undefined || api === '') return prior === '' ? '' : null;
  return api;
}

/** The API's [] as null, unless the prior state held a list (an empty one) itself. */
export function optionalList(api: readonly string[], prior: Value | undefined): string[] | null {
  if (api.length === 0) return Array.isArray(prior) ? [] : null;
  return [...api];
}

/** The API's {} as null, unless the prior state held a map (an empty one) itself. */
export function optionalMap(api: Record<string, string>, prior: Value | undefined): Record<string, string> | null {
  if (Object.keys(api).length === 0) return prior && typeof prior === 'object' && !Array.isArray(prior) ? {} : null;
  return { ...api };
}

/**
 * A value the service would store in another form (trimmed, lower-cased, ...) is refused at
 * validation: state would otherwise differ from the configuration after an import or a refresh.
 */
export function storedAs(normalize: (value: string) => string, what: string): Validator {
  return (value, path, diags) => {
    if (typeof value !== 'string' || normalize(value) === value) return;
    diags.error(
      `Invalid ${describePath(path)}`,
      `${describePath(path)} must be ${what}, as the service stores it: "${normalize(value)}"; got "${value}".`,
      path,
    );
  };
}

/** No white space at either end (the service trims these fields). */
export const trimmed = storedAs((v) => v.trim(), 'without white space at either end');

/** `<page_id>/<id>`, both parts non-empty; anything else is a clear error naming the expected form. */
export function splitImportId(id: string, typeName: string, what: string): { pageId: string; id: string } {
  const parts = id.split('/');
  if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim()) {
    throw new ProviderError(
      `Invalid import id for ${typeName}`,
      `Expected "<page_id>/<${what}_id>" (e.g. "12/34"); got "${id}".`,
    );
  }
  return { pageId: parts[0].trim(), id: parts[1].trim() };
}
