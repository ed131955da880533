import { createApiClient } from '@lumen-bi/core';
import { createToastStore } from '@lumen-bi/views';
import { useState } from 'react';
import { navigate, useLocation } from '../router/history-location';

// Replace, not push: the address mirrors the list's state, and Back should leave the list.
const onUrlChange = (search: string) => {
  const next = `${window.location.pathname}${search}`;
  if (next !== `${window.location.pathname}${window.location.search}`) navigate(next, { replace: true });
};

/**
 * What every list page hands its view: a session-authenticated client and a toast store made once per
 * visit, the current query string, and a replace-navigation for state changes.
 */
export function useListPage() {
  const [deps] = useState(() => ({ client: createApiClient({ baseUrl: '', auth: { kind: 'session' } }), toasts: createToastStore() }));
  const { search } = useLocation();
  return { ...deps, search, onUrlChange };
}
