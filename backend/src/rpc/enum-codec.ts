// Proto enums <-> the domain's string vocabularies, derived from the enum descriptors so the two
// cannot drift: UNSPECIFIED (0) means "not given", an unknown number is a validation error naming
// the field.
import type { DescEnum } from '@bufbuild/protobuf';
import { ValidationError } from '../common/errors';

export class EnumCodec<D extends string> {
  private readonly toDomain = new Map<number, D>();
  private readonly toProto = new Map<D, number>();

  constructor(schema: DescEnum, domainOf: (protoName: string) => D) {
    for (const value of schema.values) {
      if (value.number === 0) continue;
      const domain = domainOf(value.name);
      this.toDomain.set(value.number, domain);
      this.toProto.set(domain, value.number);
    }
  }

  /** undefined for UNSPECIFIED; throws VALIDATION for a number the enum does not know. */
  decode(field: string, value: number): D | undefined {
    if (value === 0) return undefined;
    const domain = this.toDomain.get(value);
    if (!domain) throw ValidationError.field(field, `unknown value ${value}`);
    return domain;
  }

  encode(value: D): number {
    return this.toProto.get(value) ?? 0;
  }
}

/** `NUMBER_COMPARATOR_GREATER_THAN` -> `GREATER_THAN` (strip the enum's own prefix). */
export function stripPrefix(prefix: string): (name: string) => string {
  return (name) => name.slice(prefix.length);
}
