import type { ApiClient } from '@lumen-bi/core';
import { useCallback, useEffect, useState } from 'react';
import type { ToastStore } from '../components/toast-store';
import { LIST_MESSAGES } from './list-messages';

/** The resources with favourites (the server's favorite_status and favorites endpoints). */
export type FavoriteResource = 'chart' | 'dashboard';

export interface FavoriteStatus {
  /** id -> starred, for the ids asked about; an id not (yet) known is absent. */
  status: ReadonlyMap<number, boolean>;
  /** Stars or unstars one object; the star changes once the server has agreed. */
  toggle(id: number): Promise<void>;
}

/**
 * The favourite state of the objects on screen (spec 2 §7): one `GET /api/v1/{resource}/favorite_status/`
 * per set of ids, then `POST` / `DELETE /api/v1/{resource}/{id}/favorites/` per toggle, with the spec's
 * 'There was an error fetching the favorite status' and 'There was an error saving the favorite status'.
 * `enabled: false` asks nothing (lists without favourites share the component that calls this).
 *
 * @example
 * const favorites = useFavoriteStatus(client, 'chart', [1, 2], toasts);
 * favorites.status.get(1); // true once fetched
 */
export function useFavoriteStatus(client: ApiClient, resource: FavoriteResource, ids: readonly number[], toasts: ToastStore, enabled = true): FavoriteStatus {
  const [status, setStatus] = useState<ReadonlyMap<number, boolean>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    if (!enabled || key === '') return;
    let live = true;
    client.get<{ result: { id: number; value: boolean }[] }>(`/api/v1/${resource}/favorite_status/`, { rison: key.split(',').map(Number) }).then(
      ({ json }) => {
        if (!live) return;
        setStatus((previous) => {
          const next = new Map(previous);
          for (const item of json.result) next.set(item.id, item.value);
          return next;
        });
      },
      () => live && toasts.danger(LIST_MESSAGES.favoriteFetchFailed),
    );
    return () => {
      live = false;
    };
  }, [client, resource, key, enabled, toasts]);

  const toggle = useCallback(
    async (id: number) => {
      const starred = !status.get(id);
      try {
        if (starred) await client.post(`/api/v1/${resource}/${id}/favorites/`);
        else await client.delete(`/api/v1/${resource}/${id}/favorites/`);
        setStatus((previous) => new Map(previous).set(id, starred));
      } catch {
        toasts.danger(LIST_MESSAGES.favoriteSaveFailed);
      }
    },
    [client, resource, status, toasts],
  );
  return { status, toggle };
}
