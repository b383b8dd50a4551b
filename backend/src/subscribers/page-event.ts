// What happened on a status page that its subscribers hear about: the input of the notifier and
// of the e-mail text.
export type PageEvent =
  | {
      kind: 'status_report.created' | 'status_report.updated' | 'status_report.resolved';
      pageId: string;
      title: string;
      status: string;
      message: string;
      componentNames: string[];
      at: Date;
    }
  | {
      kind: 'maintenance.scheduled';
      pageId: string;
      title: string;
      message: string;
      from: Date;
      to: Date;
      componentNames: string[];
    };
