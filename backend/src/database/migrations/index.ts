// Applied in this order. New migrations are generated with `npm run migration:generate -- Name`.
import { Initial1795307197237 } from './1795307197237-Initial';
import { CheckResultsPartitioned1795307209086 } from './1795307209086-CheckResultsPartitioned';

export const MIGRATIONS: Function[] = [Initial1795307197237, CheckResultsPartitioned1795307209086];
