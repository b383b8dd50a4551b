// What other modules may read of the status pages: the repository's methods they use, by name.
// The repository stays the module's own: another module reaches these through the port (the
// direction check refuses a repository imported from another folder).
import type { StatusPagesRepository } from './status-pages.repository';

export type {
  ComponentEvent,
  PublicComponentRow,
  PublicMaintenanceRow,
  PublicReportRow,
  PublishedPageRow,
} from './status-pages.repository';

export const STATUS_PAGES_PORT = Symbol('StatusPagesPort');

export type StatusPagesPort = Pick<
  StatusPagesRepository,
  | 'findPage'
  | 'findPublished'
  | 'historyEntries'
  | 'incidentsOn'
  | 'listGroups'
  | 'maintenancesOn'
  | 'publicComponents'
  | 'publicMaintenances'
  | 'publicReports'
  | 'publishedDomains'
  | 'publishedPagesForRobots'
  | 'publishedSlugsShowing'
>;
