import { createApiClient } from '@lumen-bi/core';
import { NewDashboard } from '@lumen-bi/views';
import { useState } from 'react';
import { navigate } from '../router/history-location';

// Replace, not push: Back from the new dashboard must not land here and make another one.
const openCreated = (href: string) => navigate(href, { replace: true });

/** /dashboard/new/: makes an untitled dashboard and opens it in edit mode (the incumbent's '+ Dashboard'). */
export function DashboardNewPage() {
  const [client] = useState(() => createApiClient({ baseUrl: '', auth: { kind: 'session' } }));
  return <NewDashboard client={client} onCreated={openCreated} />;
}
