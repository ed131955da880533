import { failureCodeOf } from '@lumen-bi/elements';

/**
 * The code and message an /embedded/ page shows and sends to the host for a failure: a named cause where
 * there is one (expired or forged token, audience mismatch, unknown uuid), else HTTP_<status> or ERROR.
 *
 * @example
 * failureOf(new ClientError({ kind: 'http', status: 404, message: 'Not found' })); // { code: 'NOT_FOUND', message: 'Not found' }
 */
export function failureOf(error: unknown): { code: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  const named = failureCodeOf(error);
  if (named) return { code: named, message };
  const status = (error as { status?: unknown } | null)?.status;
  return { code: typeof status === 'number' ? `HTTP_${status}` : 'ERROR', message };
}
