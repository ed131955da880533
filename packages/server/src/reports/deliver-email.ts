import nodemailer, { type Transporter } from 'nodemailer';
import type { LumenConfig } from '../config';
import { NotificationError, type ReportContent } from './report-content';
import { splitAddresses } from './report-validation';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One SMTP transport per configuration, reused across reports (nodemailer pools nothing by default). */
const transports = new WeakMap<LumenConfig['smtp'], Transporter>();

function transportFor(smtp: LumenConfig['smtp']): Transporter {
  let transport = transports.get(smtp);
  if (!transport) {
    transport = nodemailer.createTransport({
      host: smtp.host ?? undefined,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    transports.set(smtp, transport);
  }
  return transport;
}

export interface EmailTarget {
  to: string;
  cc?: string;
  bcc?: string;
}

/**
 * Sends the report by e-mail: subject '[Report] {name}', a body linking to the dashboard or chart, a PNG
 * shown inline (cid) and attached, PDF and CSV attached, TEXT in the body.
 *
 * @example
 * await sendReportEmail(config.smtp, { to: 'a@example.org' }, content);
 */
export async function sendReportEmail(smtp: LumenConfig['smtp'], target: EmailTarget, content: ReportContent): Promise<void> {
  if (!smtp.host) throw new NotificationError('E-mail reports need an SMTP server: set LUMEN_SMTP_HOST');
  const subject = content.subject?.trim() || `[Report] ${content.name}`;
  const images = content.files.filter((f) => f.contentType === 'image/png');
  const htmlParts = [
    `<p><b>${escapeHtml(content.name)}</b></p>`,
    content.description ? `<p>${escapeHtml(content.description)}</p>` : '',
    `<p><a href="${escapeHtml(content.url)}">Explore in Lumen</a></p>`,
    ...images.map((_, i) => `<img src="cid:report-image-${i}" alt="${escapeHtml(content.name)}">`),
    content.text ? `<pre style="font-family: monospace">${escapeHtml(content.text)}</pre>` : '',
  ];
  const textParts = [content.name, content.description ?? '', `Explore in Lumen: ${content.url}`, content.text ?? ''].filter(Boolean);
  const attachments = [
    ...images.map((file, i) => ({ filename: file.name, content: file.data, contentType: file.contentType, cid: `report-image-${i}` })),
    ...content.files.map((file) => ({ filename: file.name, content: file.data, contentType: file.contentType })),
  ];
  try {
    await transportFor(smtp).sendMail({
      from: smtp.from,
      to: splitAddresses(target.to),
      cc: target.cc ? splitAddresses(target.cc) : undefined,
      bcc: target.bcc ? splitAddresses(target.bcc) : undefined,
      subject,
      text: textParts.join('\n\n'),
      html: htmlParts.filter(Boolean).join('\n'),
      attachments,
    });
  } catch (error) {
    throw new NotificationError(`E-mail to ${target.to} failed: ${(error as Error).message}`);
  }
}

/** A plain-text notice (an access request, say) to a list of addresses, through the same SMTP transport. */
export async function sendNoticeEmail(smtp: LumenConfig['smtp'], to: string[], subject: string, text: string): Promise<void> {
  if (!smtp.host) throw new NotificationError('E-mail needs an SMTP server: set LUMEN_SMTP_HOST');
  await transportFor(smtp).sendMail({ from: smtp.from, to, subject, text });
}
