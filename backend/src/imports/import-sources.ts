// The source parsers, by source name (each in sources/).
import type { ImportSource, ImportSourceParser } from './import-model';
import { parseGatus } from './sources/gatus.source';
import { parseOpenStatus } from './sources/openstatus.source';
import { parseUptimeKumaFile } from './sources/uptime-kuma.source';

export const IMPORT_PARSERS: Record<ImportSource, ImportSourceParser> = {
  'uptime-kuma': parseUptimeKumaFile,
  gatus: parseGatus,
  openstatus: parseOpenStatus,
};
