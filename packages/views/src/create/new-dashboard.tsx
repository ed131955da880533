import { type ApiClient, getClientErrorMessage } from '@lumen-bi/core';
import { useEffect, useRef, useState } from 'react';
import { dashboardEditHref } from './create-paths';

/** The title of a dashboard made by '+ Dashboard' (the incumbent's blank-title wording, spec 2 §6). */
export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';

/**
 * Creates an empty, untitled dashboard and answers its id.
 *
 * @example
 * const id = await createUntitledDashboard(client);
 */
export async function createUntitledDashboard(client: ApiClient): Promise<number> {
  const { json } = await client.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: UNTITLED_DASHBOARD });
  return json.id;
}

export interface NewDashboardProps {
  client: ApiClient;
  /** Called with the new dashboard's edit-mode address; the host replaces the current history entry. */
  onCreated(href: string): void;
}

/**
 * The /dashboard/new/ page, as the incumbent's: creates an untitled dashboard and hands over its address in
 * edit mode, so '+ Dashboard' lands in the editor. A failure is shown in place.
 *
 * @example
 * <NewDashboard client={client} onCreated={(href) => navigate(href, { replace: true })} />
 */
export function NewDashboard({ client, onCreated }: NewDashboardProps) {
  const [error, setError] = useState<string | null>(null);
  // Development StrictMode runs effects twice; one visit must make one dashboard.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createUntitledDashboard(client).then(
      (id) => onCreated(dashboardEditHref(id)),
      (failure: unknown) => setError(`An error occurred while creating dashboards: ${getClientErrorMessage(failure)}`),
    );
  }, [client, onCreated]);
  if (error) {
    return (
      <p role="alert" className="bi-alert--danger">
        {error}
      </p>
    );
  }
  return <p aria-busy="true">Creating a new dashboard…</p>;
}
