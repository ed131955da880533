/** What one execution produced, handed to every recipient's delivery. */
export interface ReportFile {
  name: string;
  contentType: string;
  data: Buffer;
}

export interface ReportContent {
  reportId: number;
  name: string;
  /** Optional subject override (extra.email_subject). */
  subject: string | null;
  description: string | null;
  format: string;
  /** Link to the dashboard or chart in the app. */
  url: string;
  files: ReportFile[];
  /** TEXT reports: the plain-text table, sent in the message body. */
  text: string | null;
}

/** A delivery failure: recorded in the log with error type REPORT_NOTIFICATION_ERROR. */
export class NotificationError extends Error {
  override name = 'NotificationError';
}
