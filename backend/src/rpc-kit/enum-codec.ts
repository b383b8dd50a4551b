// Proto enums <-> the domain's string vocabularies, derived from the enum descriptors so the two
// cannot drift: UNSPECIFIED (0) means "not given", an unknown number is a validation error naming
// the field.
import type { DescEnum } from '@bufbuild/protobuf';
import { ValidationError } from '../common/errors';

export class EnumCodec<D extends string> {
  private readonly toDomain = new Map<number, D>();
  private readonly toProto = new Map<D, number>();

  /**
   * `prefix` is the enum's own prefix (`PERIODICITY_`); `spell` turns the rest of a value's name into
   * the domain's word, lower case unless told otherwise (`PERIODICITY_1M` -> `1m`).
   */
  constructor(schema: DescEnum, prefix: string, spell: (name: string) => string = (name) => name.toLowerCase()) {
    for (const value of schema.values) {
      if (value.number === 0) continue;
      // A wrong prefix would map every value to garbage: fail when the module loads instead.
      if (!value.name.startsWith(prefix)) throw new Error(`${value.name} does not start with ${prefix}`);
      const domain = spell(value.name.slice(prefix.length)) as D;
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
