import http from 'node:http';
import https from 'node:https';
import { type OutboundPolicy, OutboundRefusedError, pinnedLookup, resolveAllowed } from './outbound-guard';

/**
 * One HTTP(S) request to a user-supplied URL, through the outbound guard (outbound-guard.ts): the host is
 * resolved and checked, and the socket connects to the checked address. Redirects are not followed (a
 * public URL could otherwise bounce to an internal one). Connection failures of every kind (refused,
 * reset, timed out, unreachable) give one message, so the answers cannot be used to map open ports.
 */
export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** Larger answers are cut off with an error. */
  maxResponseBytes?: number;
  policy: OutboundPolicy;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The one message for a request that got no HTTP answer. */
export const UNREACHABLE = 'could not be reached (no answer, connection refused, reset or timed out)';

export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRequestError('is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRequestError('must be an http(s) URL');
  if (url.username || url.password) throw new OutboundRequestError('must not contain credentials');
  return url;
}

/**
 * @example
 * const res = await outboundRequest({ url, method: 'POST', body: '{}', timeoutMs: 10_000, policy: { allow: [] } });
 */
export async function outboundRequest(request: OutboundRequest): Promise<OutboundResponse> {
  const url = parseTarget(request.url);
  const addresses = await resolveAllowed(url.hostname, request.policy).catch((error: Error) => {
    if (error instanceof OutboundRefusedError) throw error;
    // A name that does not resolve is one more way of "no answer".
    throw new OutboundRequestError(UNREACHABLE);
  });
  const client = url.protocol === 'https:' ? https : http;
  const maxBytes = request.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      // The guard's refusal names the address class; anything else is the one generic failure.
      reject(error instanceof OutboundRefusedError || error instanceof OutboundRequestError ? error : new OutboundRequestError(UNREACHABLE));
    };
    const req = client.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: { ...request.headers, ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}) },
        lookup: pinnedLookup(addresses),
        // No pooled socket: each request resolves and checks again.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(new OutboundRequestError(`answered with more than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) });
        });
      },
    );
    // One deadline for the whole exchange: connect, send, answer.
    const timer = setTimeout(() => fail(new Error('timeout')), request.timeoutMs);
    req.on('error', fail);
    req.end(request.body);
  });
}
