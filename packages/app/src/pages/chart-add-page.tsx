import { createChartRegistry, registerBuiltInCharts } from '@lumen-bi/charts';
import { createApiClient } from '@lumen-bi/core';
import { ChartAdd } from '@lumen-bi/views';
import { useState } from 'react';
import { navigate } from '../router/history-location';

/** 'Create a new chart' (/chart/add, ?dataset={id} to start with a dataset), in its own lazy chunk. */
export function ChartAddPage() {
  const [deps] = useState(() => {
    const dataset = new URLSearchParams(window.location.search).get('dataset');
    return {
      client: createApiClient({ baseUrl: '', auth: { kind: 'session' } }),
      registry: registerBuiltInCharts(createChartRegistry()),
      initialDatasetId: dataset && /^\d+$/.test(dataset) ? Number(dataset) : null,
    };
  });
  return <ChartAdd client={deps.client} registry={deps.registry} initialDatasetId={deps.initialDatasetId} onNavigate={navigate} />;
}
