import { msg } from '@lumen-bi/core';
import { CHART_ADD_PATH, DASHBOARD_NEW_PATH, DATASET_ADD_PATH } from '../create/create-paths';
import type { CurrentUser } from '../session/current-user';
import { uploadPermissions, UPLOAD_FILE_TYPES, UPLOAD_MENU_LABELS, type UploadFileType } from '../upload/upload-types';

/** What an entry of the '+' menu does: open an address, an upload modal, or the database modal. */
export type NewMenuAction = { kind: 'link'; href: string } | { kind: 'upload'; type: UploadFileType } | { kind: 'connect-database' };

export interface NewMenuEntry {
  /** English source text, translated where it is shown. */
  label: string;
  action: NewMenuAction;
}

type Roles = CurrentUser['roles'];

/** True for the Admin role, or any role holding `permission` on `view` (the server checks the same pairs). */
export function holds(roles: Roles | undefined, permission: string, view: string): boolean {
  return Object.entries(roles ?? {}).some(([role, pairs]) => role === 'Admin' || pairs.some(([p, v]) => p === permission && v === view));
}

/**
 * The entries of the top navigation's '+' menu that `roles` allow, in the incumbent's order: the data
 * entries (connect a database, create a dataset, upload files), then SQL query, Chart and Dashboard.
 *
 * @example
 * newMenuEntries({ Gamma: [['can_write', 'Chart']] }); // [{ label: msg('Chart'), action: { kind: 'link', href: '/chart/add' } }]
 */
export function newMenuEntries(roles: Roles | undefined): NewMenuEntry[] {
  const entries: NewMenuEntry[] = [];
  if (holds(roles, 'can_write', 'Database')) entries.push({ label: msg('Connect database'), action: { kind: 'connect-database' } });
  if (holds(roles, 'can_write', 'Dataset')) entries.push({ label: msg('Create dataset'), action: { kind: 'link', href: DATASET_ADD_PATH } });
  const upload = uploadPermissions(roles ?? {});
  const allowed: Record<UploadFileType, boolean> = { csv: upload.canUploadCSV, excel: upload.canUploadExcel, columnar: upload.canUploadColumnar };
  for (const type of UPLOAD_FILE_TYPES) if (allowed[type]) entries.push({ label: UPLOAD_MENU_LABELS[type], action: { kind: 'upload', type } });
  if (holds(roles, 'can_sqllab', 'Superset')) entries.push({ label: msg('SQL query'), action: { kind: 'link', href: '/sqllab/' } });
  if (holds(roles, 'can_write', 'Chart')) entries.push({ label: 'Chart', action: { kind: 'link', href: CHART_ADD_PATH } });
  if (holds(roles, 'can_write', 'Dashboard')) entries.push({ label: msg('Dashboard'), action: { kind: 'link', href: DASHBOARD_NEW_PATH } });
  return entries;
}
