// SQL for CHECK constraints, built from the same constant lists the validation uses, so the database
// refuses values the API would refuse even if a future code path forgets to validate.

export function oneOf(column: string, values: readonly string[]): string {
  return `"${column}" IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
}

export function between(column: string, min: number, max: number): string {
  return `"${column}" >= ${min} AND "${column}" <= ${max}`;
}

export function maxItems(column: string, max: number): string {
  return `jsonb_array_length("${column}") <= ${max}`;
}
