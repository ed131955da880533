import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import type { ListResource } from './list-types';

/** What the user may do on a resource, from `GET /api/v1/{resource}/_info?q=(keys:!(permissions))`. */
export interface ResourcePermissions {
  canRead: boolean;
  canWrite: boolean;
  canExport: boolean;
  canTag: boolean;
  loaded: boolean;
}

const NONE: ResourcePermissions = { canRead: false, canWrite: false, canExport: false, canTag: false, loaded: false };

/** Loads the permissions once per resource; until they arrive nothing that writes is offered. */
export function useResourcePermissions(client: ApiClient, resource: ListResource): ResourcePermissions {
  const [permissions, setPermissions] = useState<ResourcePermissions>(NONE);
  useEffect(() => {
    let live = true;
    client.get<{ permissions?: string[] }>(`/api/v1/${resource}/_info`, { rison: { keys: ['permissions'] } }).then(
      ({ json }) => {
        const list = new Set(json.permissions ?? []);
        if (live) setPermissions({ canRead: list.has('can_read'), canWrite: list.has('can_write'), canExport: list.has('can_export'), canTag: list.has('can_tag') || list.has('can_write'), loaded: true });
      },
      () => live && setPermissions({ ...NONE, loaded: true }),
    );
    return () => {
      live = false;
    };
  }, [client, resource]);
  return permissions;
}
