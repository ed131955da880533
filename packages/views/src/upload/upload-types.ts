import { msg } from '@lumen-bi/core';

/** The file kinds a database upload takes, as the incumbent names them in the `type` field. */
export type UploadFileType = 'csv' | 'excel' | 'columnar';

export const UPLOAD_FILE_TYPES: readonly UploadFileType[] = ['csv', 'excel', 'columnar'];

/** Menu entries of the lists' "+" menu (the incumbent's wording; English source texts, translated where shown). */
export const UPLOAD_MENU_LABELS: Record<UploadFileType, string> = {
  csv: msg('Upload CSV to database'),
  excel: msg('Upload Excel to database'),
  columnar: msg('Upload Columnar file to database'),
};

export const UPLOAD_MODAL_TITLES: Record<UploadFileType, string> = {
  csv: 'CSV Upload',
  excel: 'Excel Upload',
  columnar: 'Columnar Upload',
};

/** Extensions the server accepts per type (packages/server/src/uploads/upload-options.ts). */
export const UPLOAD_FILE_EXTENSIONS: Record<UploadFileType, readonly string[]> = {
  csv: ['.csv', '.tsv', '.txt'],
  excel: ['.xlsx'],
  columnar: ['.parquet'],
};

export const UPLOAD_SUCCESS_MESSAGE = 'Data imported';

/** What the signed-in user may upload (spec 1 §6): can_upload on Database, per allowed extension list. */
export interface UploadPermissions {
  canUploadCSV: boolean;
  canUploadExcel: boolean;
  canUploadColumnar: boolean;
  /** Any of the three. */
  canUploadData: boolean;
}

type RolePairs = Record<string, [permission: string, view: string][]>;

/**
 * Upload permissions from the roles of `/api/v1/me/roles/`: can_upload on Database, combined with the
 * type's extension list being non-empty; Admin holds everything.
 *
 * @example
 * uploadPermissions({ Alpha: [['can_upload', 'Database']] }).canUploadData; // true
 */
export function uploadPermissions(roles: RolePairs, extensions: Record<UploadFileType, readonly string[]> = UPLOAD_FILE_EXTENSIONS): UploadPermissions {
  const canUpload = Object.entries(roles).some(
    ([role, pairs]) => role.toLowerCase() === 'admin' || pairs.some(([permission, view]) => permission === 'can_upload' && view === 'Database'),
  );
  const canUploadCSV = canUpload && extensions.csv.length > 0;
  const canUploadExcel = canUpload && extensions.excel.length > 0;
  const canUploadColumnar = canUpload && extensions.columnar.length > 0;
  return { canUploadCSV, canUploadExcel, canUploadColumnar, canUploadData: canUploadCSV || canUploadExcel || canUploadColumnar };
}

/** Whether a file name ends with one of the type's extensions. */
export function hasUploadExtension(type: UploadFileType, name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_FILE_EXTENSIONS[type].some((ext) => lower.endsWith(ext));
}
