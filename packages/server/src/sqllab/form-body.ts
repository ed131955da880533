import type { FastifyRequest } from 'fastify';

/**
 * The tab persistence endpoints receive the incumbent client's form posts (multipart or urlencoded, each
 * field a JSON-encoded value) as well as plain JSON bodies. This reads any of them into one object of
 * decoded values: a form field that is valid JSON is parsed, anything else stays a string.
 */
export async function readFormOrJson(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) {
    const out: Record<string, unknown> = {};
    for await (const part of request.parts()) {
      if (part.type === 'field') out[part.fieldname] = decodeField(part.value);
      else await part.toBuffer();
    }
    return out;
  }
  const body = request.body;
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) return {};
  const contentType = String(request.headers['content-type'] ?? '');
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, decodeField(v)]));
  }
  return body as Record<string, unknown>;
}

function decodeField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
