// What happened on a status page that its subscribers hear about: the input of the notifier and
// of the e-mail text.
interface EventScope {
  pageId: string;
  title: string;
  message: string;
  componentNames: string[];
  /**
   * The affected components: only subscribers who chose none (every component) or one of these get
   * the mail. Empty or absent: the event concerns the whole page and reaches every subscriber.
   */
  componentIds?: string[];
}

export type PageEvent =
  | (EventScope & {
      kind: 'status_report.created' | 'status_report.updated' | 'status_report.resolved';
      status: string;
      at: Date;
    })
  | (EventScope & {
      kind: 'maintenance.scheduled';
      from: Date;
      to: Date;
    });
