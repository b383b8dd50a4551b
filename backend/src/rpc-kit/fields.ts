// Message fields read and written the same way by every RPC service: timestamps between the wire
// (google.protobuf.Timestamp) and the views (Dates or ISO strings), where an unset field is "not
// given" going in and null coming out, and message fields a call cannot do without.
import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { ValidationError } from '../common/errors';

export function timestampOut(value: string | Date): Timestamp;
export function timestampOut(value: string | Date | null | undefined): Timestamp | undefined;
export function timestampOut(value: string | Date | null | undefined): Timestamp | undefined {
  return value === null || value === undefined ? undefined : timestampFromDate(new Date(value));
}

export function dateIn(value: Timestamp | undefined): Date | undefined {
  return value ? timestampDate(value) : undefined;
}

/** A message field the call cannot do without (proto3 leaves a missing message field undefined). */
export function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw ValidationError.field(field, 'is required');
  return value;
}
