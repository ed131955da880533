import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '../components/error-panel';
import { Select } from '../components/select';

export interface DatasetChooserProps {
  client: ApiClient;
  onChoose(datasourceKey: string): void;
}

/**
 * Shown when Explore was opened without a dataset (e.g. ?viz_type=pie): pick one from GET /api/v1/dataset/.
 *
 * @example
 * <DatasetChooser client={client} onChoose={store.chooseDatasource} />
 */
export function DatasetChooser({ client, onChoose }: DatasetChooserProps) {
  const [datasets, setDatasets] = useState<{ id: number; table_name: string }[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    client
      .get<{ result: { id: number; table_name: string }[] }>('/api/v1/dataset/', {
        rison: { columns: ['id', 'table_name'], order_column: 'table_name', order_direction: 'asc', page: 0, page_size: 100 },
      })
      .then(({ json }) => setDatasets(json.result ?? []))
      .catch((e: unknown) => setError(e as Error));
  }, [client]);
  if (error) return <ErrorPanel error={error} />;
  return (
    <section className="bi-dataset-chooser" aria-label="Choose a dataset">
      <h2>Choose a dataset</h2>
      <Select label="Dataset" options={(datasets ?? []).map((d) => ({ value: d.id, label: d.table_name }))} value={null} onChange={(v) => typeof v === 'number' && onChoose(`${v}__table`)} placeholder={datasets ? 'Select a dataset' : 'Loading…'} />
    </section>
  );
}
