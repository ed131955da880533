import { getClientErrorMessage, SLOW_DEBOUNCE_MS, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { Modal } from '../components/modal';
import type { ToastStore } from '../components/toast-store';

/** Word for word (spec 2 §4). */
export const SWAP_SUCCESS_MESSAGE = 'Successfully changed dataset!';
export const SWAP_WARNING =
  'Warning! Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset';
/** The swap modal is 540px tall (spec 2 §2, §9). */
export const SWAP_DATASET_MODAL_HEIGHT_PX = 540;

/** A row of the swap list (spec 2 §7: table_name, kind, schema, database.database_name, owners). */
export interface SwapDatasetRow {
  id: number;
  table_name: string;
  kind?: string;
  schema?: string | null;
  database?: { database_name?: string } | null;
  owners?: { first_name?: string; last_name?: string }[];
}

export interface SwapDatasetModalProps {
  client: ApiClient;
  show: boolean;
  onHide(): void;
  /** Applies the choice (e.g. re-points the chart); a rejection is shown and the modal stays open. */
  onProceed(dataset: SwapDatasetRow): void | Promise<void>;
  toasts?: ToastStore;
  /** The dataset in use, left out of the choices. */
  currentDatasetId?: number;
}

// The server answers whole relations, so 'database' and 'owners' bring database_name and the owners' names.
const SWAP_COLUMNS = ['id', 'table_name', 'kind', 'schema', 'database', 'owners'];

/**
 * Swap dataset (spec 2 §2, §4): a search list of datasets (typing waits the slow 500 ms debounce before
 * asking the server), pick one row, read the warning, then Proceed or Cancel.
 */
export function SwapDatasetModal({ client, show, onHide, onProceed, toasts, currentDatasetId }: SwapDatasetModalProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<SwapDatasetRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<SwapDatasetRow | null>(null);

  // Slow debounce: a request per pause in typing, not per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SLOW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (!show) return;
    const controller = new AbortController();
    setLoading(true);
    client
      .get<{ result: SwapDatasetRow[] }>('/api/v1/dataset/', {
        rison: {
          filters: query ? [{ col: 'table_name', opr: 'ct', value: query }] : [],
          columns: SWAP_COLUMNS,
          order_column: 'changed_on_delta_humanized',
          order_direction: 'desc',
          page: 0,
          page_size: 25,
        },
        signal: controller.signal,
      })
      .then(
        ({ json }) => {
          setRows(json.result.filter((r) => r.id !== currentDatasetId));
          setLoading(false);
          setError(null);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setLoading(false);
          setError(getClientErrorMessage(failure));
        },
      );
    return () => controller.abort();
  }, [client, show, query, currentDatasetId]);

  const hide = () => {
    setPicked(null);
    setText('');
    onHide();
  };
  const proceed = async () => {
    if (!picked) return;
    try {
      await onProceed(picked);
      toasts?.success(SWAP_SUCCESS_MESSAGE);
      hide();
    } catch (failure) {
      setError(getClientErrorMessage(failure));
    }
  };

  return (
    <Modal
      title="Swap dataset"
      show={show}
      onHide={hide}
      onOk={() => void proceed()}
      okText="Proceed"
      okDisabled={!picked}
    >
      <div style={{ height: `${SWAP_DATASET_MODAL_HEIGHT_PX - 140}px`, overflow: 'auto' }}>
        {picked ? (
          <p className="bi-alert bi-alert--warning" role="alert">
            {SWAP_WARNING}
          </p>
        ) : null}
        <input type="search" aria-label="Search datasets" placeholder="Search / Filter" value={text} onChange={(e) => setText(e.target.value)} />
        {error && (
          <p className="bi-field-error" role="alert">
            {error}
          </p>
        )}
        <table className="bi-edit-grid" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th>Schema</th>
              <th>Database</th>
              <th>Owners</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} aria-selected={picked?.id === row.id} className={picked?.id === row.id ? 'bi-row--selected' : undefined}>
                <td>
                  <button type="button" className="bi-link-button" onClick={() => setPicked(row)}>
                    {row.table_name}
                  </button>
                </td>
                <td>{row.kind ?? ''}</td>
                <td>{row.schema ?? ''}</td>
                <td>{row.database?.database_name ?? ''}</td>
                <td>{(row.owners ?? []).map((o) => `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim()).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
