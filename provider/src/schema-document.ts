// provider-schema/schema.json: the provider's schema as `terraform providers schema -json` prints it.
// Generated from the declarations the plugin serves; CI regenerates it and fails on a difference, and
// a test compares it with what terraform itself prints.
import { PROVIDER_SOURCE } from './address';
import { toJsonBlock } from './framework/schema';
import { PROVIDER_SCHEMA } from './provider-config';
import { DATA_SOURCES, RESOURCES } from './registry';

export function schemaDocument(): unknown {
  const byName = <T extends { typeName: string }>(list: readonly T[]): T[] =>
    [...list].sort((a, b) => a.typeName.localeCompare(b.typeName));
  return {
    format_version: '1.0',
    provider_schemas: {
      [PROVIDER_SOURCE]: {
        provider: { version: 0, block: toJsonBlock(PROVIDER_SCHEMA) },
        resource_schemas: Object.fromEntries(
          byName(RESOURCES).map((r) => [
            r.typeName,
            { version: 0, block: toJsonBlock({ ...r.schema, description: r.description }) },
          ]),
        ),
        data_source_schemas: Object.fromEntries(
          byName(DATA_SOURCES).map((d) => [
            d.typeName,
            { version: 0, block: toJsonBlock({ ...d.schema, description: d.description }) },
          ]),
        ),
      },
    },
  };
}

export function schemaDocumentText(): string {
  return `${JSON.stringify(schemaDocument(), null, 2)}\n`;
}
