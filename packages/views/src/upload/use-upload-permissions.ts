import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { uploadPermissions, type UploadPermissions } from './upload-types';

const NONE: UploadPermissions = { canUploadCSV: false, canUploadExcel: false, canUploadColumnar: false, canUploadData: false };

/** Loads the user's upload permissions once; until they arrive (or when the call fails) nothing is offered. */
export function useUploadPermissions(client: ApiClient): UploadPermissions {
  const [permissions, setPermissions] = useState<UploadPermissions>(NONE);
  useEffect(() => {
    let live = true;
    client.get<{ result?: { roles?: Record<string, [string, string][]> } }>('/api/v1/me/roles/').then(
      ({ json }) => live && setPermissions(uploadPermissions(json.result?.roles ?? {})),
      () => live && setPermissions(NONE),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return permissions;
}
