import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import { hasPermission } from '../security/current-user';

/** The result formats that hand over the rows themselves as a file: the incumbent's table-like formats. */
const FILE_FORMATS: ReadonlySet<string> = new Set(['csv', 'xlsx']);

/**
 * A CSV or Excel download needs can_csv on Superset, as on the incumbent: a role without it sees charts
 * but cannot take their rows away as a file (the UI hides the menu items; this is what enforces it). A
 * guest holds no permission pairs; it may download what its dashboards show (assertGuestPayload still
 * checks the chart and the guest's RLS when the query runs). Checked before any query runs.
 *
 * @example
 * assertMayDownload(request, context.result_format); // throws 403 for 'csv' without can_csv
 */
export function assertMayDownload(request: FastifyRequest, format: string | undefined): void {
  if (!format || !FILE_FORMATS.has(format)) return;
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.guest) return;
  if (!hasPermission(user, 'can_csv', 'Superset')) throw forbidden('You do not have the permission can_csv on Superset');
}
