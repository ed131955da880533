import { createApiClient } from '@lumen-bi/core';
import { DatasetAdd } from '@lumen-bi/views';
import { useState } from 'react';
import { navigate } from '../router/history-location';

/** 'New dataset' from a database table (/dataset/add/), in its own lazy chunk. */
export function DatasetAddPage() {
  const [client] = useState(() => createApiClient({ baseUrl: '', auth: { kind: 'session' } }));
  return <DatasetAdd client={client} onNavigate={navigate} />;
}
