import type { ChartRegistry } from '@lumen-bi/charts';
import type { ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { Select, type LoadSelectOptions } from '../components/select';
import type { SelectOption } from '../components/select-values';
import { DATASET_ADD_PATH, exploreHref } from './create-paths';
import { CREATE_CSS } from './create-styles';
import { Field } from './field';
import { VizGallery } from './viz-gallery';

export interface ChartAddProps {
  client: ApiClient;
  registry: ChartRegistry;
  /** Opens Explore on the chosen dataset and chart type; a full page load without it. */
  onNavigate?: (href: string) => void;
  /** A dataset chosen up front (?dataset={id}, as 'Create dataset and create chart' sends). */
  initialDatasetId?: number | null;
}

const PAGE_SIZE = 50;

/** A dataset's name in the select, with its schema: two schemas may hold tables of one name. */
const datasetLabel = (d: { table_name: string; schema?: string | null }) => (d.schema ? `${d.table_name} (${d.schema})` : d.table_name);

/** Datasets whose name contains the search, a page at a time, from GET /api/v1/dataset/. */
export const datasetOptionsLoader =
  (client: ApiClient): LoadSelectOptions =>
  async (search, page) => {
    const filters = search ? [{ col: 'table_name', opr: 'ct', value: search }] : [];
    const { json } = await client.get<{ result: { id: number; table_name: string; schema?: string | null }[]; count: number }>('/api/v1/dataset/', {
      rison: { columns: ['id', 'table_name', 'schema'], filters, order_column: 'table_name', order_direction: 'asc', page, page_size: PAGE_SIZE },
    });
    return { options: json.result.map((d) => ({ value: d.id, label: datasetLabel(d) })), total: json.count };
  };

/** The option naming a dataset chosen up front: it may not be on the first page the select loads. */
function useDatasetOption(client: ApiClient, id: number | null): SelectOption | null {
  const [option, setOption] = useState<SelectOption | null>(null);
  useEffect(() => {
    if (id === null) return;
    // Unnamed, the choice still stands: the select shows the id until a page names it.
    client.get<{ result: { table_name: string; schema?: string | null } }>(`/api/v1/dataset/${id}`).then(({ json }) => setOption({ value: id, label: datasetLabel(json.result) }), () => undefined);
  }, [client, id]);
  return option;
}

/**
 * 'Create a new chart' (/chart/add, the incumbent's page): choose a dataset (searchable, from the server)
 * and a chart type from the registry's gallery, then 'Create new chart' opens Explore on both.
 *
 * @example
 * <ChartAdd client={client} registry={registry} onNavigate={navigate} />
 */
export function ChartAdd({ client, registry, onNavigate, initialDatasetId = null }: ChartAddProps) {
  const [datasetId, setDatasetId] = useState<number | null>(initialDatasetId);
  const initialOption = useDatasetOption(client, initialDatasetId);
  const [vizType, setVizType] = useState<string | null>(null);
  const [loadDatasets] = useState(() => datasetOptionsLoader(client));
  const ready = datasetId !== null && vizType !== null;
  const create = () => {
    if (!ready) return;
    const href = exploreHref(datasetId, vizType);
    if (onNavigate) onNavigate(href);
    else window.location.assign(href);
  };
  return (
    <section className="bi-create" aria-labelledby="bi-chart-add-title">
      <style>{COMPONENTS_CSS + CREATE_CSS}</style>
      <h1 id="bi-chart-add-title">Create a new chart</h1>
      <section className="bi-create__step" aria-label="Choose a dataset">
        <h2>Choose a dataset</h2>
        <Field label="Dataset">
          <Select label="Dataset" options={initialOption ? [initialOption] : []} loadOptions={loadDatasets} value={datasetId} onChange={(v) => setDatasetId(typeof v === 'number' ? v : null)} placeholder="Choose a dataset" />
        </Field>
        <p className="bi-create__hint">
          Not listed? <a href={DATASET_ADD_PATH}>Create a dataset</a> from a database table.
        </p>
      </section>
      <section className="bi-create__step" aria-label="Choose chart type">
        <h2>Choose chart type</h2>
        <VizGallery registry={registry} value={vizType} onChange={setVizType} />
      </section>
      <div className="bi-create__footer">
        {!ready && <span className="bi-create__hint">Please select both a Dataset and a Chart type to proceed</span>}
        <button type="button" className="bi-button bi-button--primary" disabled={!ready} onClick={create}>
          Create new chart
        </button>
      </div>
    </section>
  );
}
