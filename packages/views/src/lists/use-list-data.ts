import { ClientError, getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import type { ListRow } from './list-types';

export interface ListData<T> {
  rows: T[];
  count: number;
  loading: boolean;
  error: string | null;
}

/**
 * Fetches one page of a list whenever the query changes. The query is compared by its JSON so callers may
 * build it inline; a newer query aborts the older request so a slow answer never overwrites a fresh one.
 * `path` is the list endpoint, usually `/api/v1/{resource}/`.
 */
export function useListData<T extends ListRow>(client: ApiClient, path: string, query: Record<string, unknown>, refreshKey: number): ListData<T> {
  const [data, setData] = useState<ListData<T>>({ rows: [], count: 0, loading: true, error: null });
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setData((d) => ({ ...d, loading: true, error: null }));
    client.get<{ result: T[]; count: number }>(path, { rison: JSON.parse(key), signal: controller.signal }).then(
      ({ json }) => setData({ rows: json.result ?? [], count: json.count ?? 0, loading: false, error: null }),
      (error: unknown) => {
        if (error instanceof ClientError && error.kind === 'abort') return;
        setData({ rows: [], count: 0, loading: false, error: getClientErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [client, path, key, refreshKey]);
  return data;
}
