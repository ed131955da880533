import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useRef, useState } from 'react';
import type { ToastStore } from '../components/toast-store';
import type { Uploader } from '../import/import-upload';
import { UploadDataModal, type UploadDataModalProps } from './upload-data-modal';
import { UPLOAD_FILE_TYPES, UPLOAD_MENU_LABELS, type UploadFileType } from './upload-types';
import { useUploadPermissions } from './use-upload-permissions';

export interface UploadMenuProps {
  client: ApiClient;
  upload: Uploader;
  toasts?: ToastStore;
  onUploaded?: UploadDataModalProps['onUploaded'];
}

/**
 * The lists' "+" menu with 'Upload CSV to database', 'Upload Excel to database' and 'Upload Columnar file
 * to database', each opening the upload modal. Rendered only for users who may upload (canUploadData).
 *
 * @example
 * <UploadMenu client={client} upload={createUploader(client)} toasts={toasts} />
 */
export function UploadMenu({ client, upload, toasts, onUploaded }: UploadMenuProps) {
  const permissions = useUploadPermissions(client);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<UploadFileType | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  if (!permissions.canUploadData) return null;
  const allowed: Record<UploadFileType, boolean> = { csv: permissions.canUploadCSV, excel: permissions.canUploadExcel, columnar: permissions.canUploadColumnar };
  return (
    <div className="bi-upload-menu" ref={ref}>
      <button type="button" className="bi-button" aria-haspopup="menu" aria-expanded={open} aria-label="Upload file to database" onClick={() => setOpen((v) => !v)}>
        +
      </button>
      {open && (
        <ul className="bi-upload-menu__list" role="menu">
          {UPLOAD_FILE_TYPES.filter((t) => allowed[t]).map((t) => (
            <li key={t} role="none">
              <button
                type="button"
                role="menuitem"
                className="bi-link-button"
                onClick={() => {
                  setOpen(false);
                  setType(t);
                }}
              >
                {UPLOAD_MENU_LABELS[t]}
              </button>
            </li>
          ))}
        </ul>
      )}
      <UploadDataModal client={client} upload={upload} toasts={toasts} type={type} onHide={() => setType(null)} onUploaded={onUploaded} />
    </div>
  );
}
