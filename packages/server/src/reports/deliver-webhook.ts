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
 * POSTs the report as JSON to an http(s) URL; a non-2xx answer or no answer within the timeout fails.
 *
 * @example
 * await sendReportWebhook('https://hooks.example.org/lumen', content, 10_000);
 */
export async function sendReportWebhook(url: string, content: ReportContent, timeoutMs: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Lumen-Reports' },
      body: JSON.stringify(webhookPayload(content)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
    throw new NotificationError(`Webhook ${url} failed: ${reason}`);
  }
  // Drain the body so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new NotificationError(`Webhook ${url} answered ${response.status} ${response.statusText}`);
}
