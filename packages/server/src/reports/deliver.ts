import type { LumenConfig } from '../config';
import { sendReportEmail } from './deliver-email';
import { sendReportWebhook } from './deliver-webhook';
import type { Recipient } from './report-model';
import { NotificationError, type ReportContent } from './report-content';

/**
 * Sends the content to every recipient. All recipients are tried; failures are collected into one
 * NotificationError so one bad address does not stop the others.
 */
export async function deliverToRecipients(config: LumenConfig, recipients: Recipient[], content: ReportContent): Promise<void> {
  if (recipients.length === 0) throw new NotificationError('The report has no recipients');
  const failures: string[] = [];
  for (const recipient of recipients) {
    try {
      if (recipient.type === 'Email') {
        await sendReportEmail(config.smtp, { to: recipient.target, cc: recipient.ccTarget, bcc: recipient.bccTarget }, content);
      } else if (recipient.type === 'Webhook') {
        await sendReportWebhook(recipient.target, content, config.reports.webhookTimeoutSeconds * 1000, { allow: config.outboundAllowList });
      } else {
        throw new NotificationError(`${recipient.type} notifications are not supported by this server`);
      }
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length) throw new NotificationError(failures.join('; '));
}
