import type { AppContext } from '../context';
import { ErrorType, forbidden, unauthorized } from '../errors';
import { type CurrentUser, hasPermission } from '../security/current-user';

/**
 * May this user query this dataset? Guests only through the resources in their token: the embedding layer
 * installs `guestCanReadDataset`; without it guests read nothing.
 */
export type GuestDatasetCheck = (user: CurrentUser, datasetId: number) => Promise<boolean>;
const guestChecks = new WeakMap<object, GuestDatasetCheck>();

export function setGuestDatasetCheck(ctx: Pick<AppContext, 'store'>, check: GuestDatasetCheck): void {
  guestChecks.set(ctx.store, check);
}

export async function assertDatasetAccess(ctx: Pick<AppContext, 'store'>, user: CurrentUser | null, datasetId: number): Promise<CurrentUser> {
  if (!user) throw unauthorized();
  if (user.guest) {
    const check = guestChecks.get(ctx.store);
    if (check && (await check(user, datasetId))) return user;
    throw forbidden('This guest token does not grant access to this dataset', ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR);
  }
  if (!hasPermission(user, 'can_read', 'Dataset')) {
    throw forbidden('You do not have access to this datasource', ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR);
  }
  return user;
}
