import type { AppContext } from '../context';
import { ErrorType, forbidden, unauthorized } from '../errors';
import { type CurrentUser, hasPermission } from '../security/current-user';
import { canAccessDataset, dataAccessOf } from '../security/data-access';
import { loadDatasetLocation } from '../security/dataset-location';
import type { AnyDb } from '../resources/definition';
import { datasetAccessDenied } from '../security/data-access-errors';

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
  await assertDataAccess(ctx, user, datasetId);
  return user;
}

/**
 * 403 naming the dataset and the pairs that would grant it, unless the user's data access covers it. A
 * missing dataset passes: the caller answers its own 404 when it loads the dataset.
 */
async function assertDataAccess(ctx: Pick<AppContext, 'store'>, user: CurrentUser, datasetId: number): Promise<void> {
  const access = dataAccessOf(user);
  if (access.allDatasets) return;
  const dataset = await loadDatasetLocation(ctx.store.db as AnyDb, datasetId);
  if (!dataset || canAccessDataset(access, dataset)) return;
  throw datasetAccessDenied(dataset);
}
