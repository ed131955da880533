import { SMTPServer } from 'smtp-server';

/**
 * Test helpers: a local SMTP receiver (smtp-server) capturing every message, and a small MIME reader for
 * the multipart messages nodemailer writes. Not part of the server's runtime.
 */
export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | null;
  cid: string | null;
  disposition: string | null;
  body: Buffer;
}

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  parts: MimePart[];
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

const param = (header: string | undefined, name: string): string | null => {
  const match = new RegExp(`${name}\\*?=\\s*"?([^";]+)"?`, 'i').exec(header ?? '');
  return match ? match[1] : null;
};

function decodeBody(headers: Record<string, string>, body: string): Buffer {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    return Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

/** Flattens a MIME entity into its leaf parts. */
export function parseMime(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = param(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts: MimePart[] = [];
    const chunks = body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      parts.push(...parseMime(chunk.replace(/^\r\n/, '')).parts);
    }
    return { headers, parts };
  }
  const disposition = headers['content-disposition'] ?? null;
  return {
    headers,
    parts: [{
      headers,
      contentType: contentType.split(';')[0].trim().toLowerCase(),
      filename: param(disposition ?? undefined, 'filename') ?? param(contentType, 'name'),
      cid: headers['content-id']?.replace(/[<>]/g, '') ?? null,
      disposition: disposition?.split(';')[0].trim().toLowerCase() ?? null,
      body: decodeBody(headers, body.replace(/\r\n$/, '')),
    }],
  };
}

export interface SmtpCapture {
  port: number;
  messages: CapturedMail[];
  /** Resolves once `count` messages arrived (rejects after timeoutMs). */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const parsed = parseMime(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: parsed.headers.subject ?? '',
          parts: parsed.parts,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    messages,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Only ${messages.length} of ${count} e-mails arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
