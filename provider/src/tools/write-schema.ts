// npm run provider:schema: writes provider-schema/schema.json from the provider's declarations.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDocumentText } from '../schema-document';

const target = join(__dirname, '..', '..', '..', 'provider-schema', 'schema.json');
writeFileSync(target, schemaDocumentText());
process.stdout.write(`wrote ${target}\n`);
