// The source parsers, by source name (each in sources/).
import type { ImportSource, ImportSourceParser } from './import-model';
import { ValidationError } from '../common/errors';

const pending: ImportSourceParser = () => {
  throw ValidationError.field('source', 'is not available yet');
};

export const IMPORT_PARSERS: Record<ImportSource, ImportSourceParser> = {
  'uptime-kuma': pending,
  gatus: pending,
  openstatus: pending,
};
