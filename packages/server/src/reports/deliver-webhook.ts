import type { OutboundPolicy } from '../net/outbound-guard';
import { type OutboundResponse, outboundRequest } from '../net/outbound-request';
import { NotificationError, type ReportContent } from './report-content';

/** The JSON a webhook receives. Files travel inline, base64-encoded. */
export interface WebhookPayload {
  report: { id: number; name: string; description: string | null };
  format: string;
  url: string;
  text: string | null;
  files: { name: string; content_type: string; base64: string }[];
  sent_at: string;
}

export function webhookPayload(content: ReportContent, now = new Date()): WebhookPayload {
  return {
    report: { id: content.reportId, name: content.name, description: content.description },
    format: content.format,
    url: content.url,
    text: content.text,
    files: content.files.map((f) => ({ name: f.name, content_type: f.contentType, base64: f.data.toString('base64') })),
    sent_at: now.toISOString(),
  };
}

/**
 * POSTs the report as JSON to an http(s) URL through the outbound guard (net/outbound-request.ts: internal
 * addresses refused unless allow-listed, the checked address pinned, one message for every connection
 * failure); a non-2xx answer or no answer within the timeout fails.
 *
 * @example
 * await sendReportWebhook('https://hooks.example.org/lumen', content, 10_000, { allow: [] });
 */
export async function sendReportWebhook(url: string, content: ReportContent, timeoutMs: number, policy: OutboundPolicy): Promise<void> {
  let response: OutboundResponse;
  try {
    response = await outboundRequest({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Lumen-Reports' },
      body: JSON.stringify(webhookPayload(content)),
      timeoutMs,
      maxResponseBytes: 64 * 1024,
      policy,
    });
  } catch (error) {
    throw new NotificationError(`Webhook ${url} failed: ${(error as Error).message}`);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new NotificationError(`Webhook ${url} answered ${response.status} ${response.statusText}`.trim());
  }
}
