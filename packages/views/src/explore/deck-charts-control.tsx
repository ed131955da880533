/**
 * deck_multi's chart picker (control type DeckChartsControl, form data `deck_slices`): a searchable
 * multi-select of the saved deck.gl charts the user may read, saved as chart ids as the incumbent saves
 * them. Chosen charts are named by reading each one, so a chart that was deleted or is not a deck chart
 * says so in its chip instead of showing a bare id.
 */
import { ClientError, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { Select, type LoadSelectOptions } from '../components/select';
import type { SelectOption } from '../components/select-values';

/** Charts offered per page (the chart list's maximum is 200). */
const PAGE_SIZE = 50;

interface ChartRow {
  id: number;
  slice_name: string;
  viz_type: string;
}

export interface DeckChartsControlProps {
  label: string;
  value: unknown;
  api: ApiClient;
  onChange(value: number[]): void;
}

/** The chosen ids of a saved value (numbers or digit strings). */
export function chosenChartIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  return list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)).filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
}

const optionOf = (row: ChartRow): SelectOption => ({ value: row.id, label: `${row.slice_name} (${row.viz_type})` });

/**
 * A page of deck charts (every deck type but deck_multi itself) whose name contains `search`.
 *
 * @example
 * const load = deckChartOptions(api); const { options } = await load('flight', 0);
 */
export function deckChartOptions(api: ApiClient): LoadSelectOptions {
  return async (search, page) => {
    const filters = [
      { col: 'viz_type', opr: 'sw', value: 'deck_' },
      { col: 'viz_type', opr: 'neq', value: 'deck_multi' },
      ...(search.trim() ? [{ col: 'slice_name', opr: 'ct', value: search.trim() }] : []),
    ];
    const rison = { columns: ['id', 'slice_name', 'viz_type'], filters, order_column: 'slice_name', order_direction: 'asc', page, page_size: PAGE_SIZE };
    const { json } = await api.get<{ result: ChartRow[]; count: number }>('/api/v1/chart/', { rison });
    return { options: json.result.map(optionOf), total: json.count };
  };
}

/** Labels of the chosen charts, read one by one (a missing or refused one is named as such). */
async function chosenOptions(api: ApiClient, ids: number[]): Promise<SelectOption[]> {
  return Promise.all(
    ids.map(async (id) => {
      try {
        const { json } = await api.get<{ result: ChartRow }>(`/api/v1/chart/${id}`);
        const row = { ...json.result, id };
        return row.viz_type.startsWith('deck_') && row.viz_type !== 'deck_multi' ? optionOf(row) : { value: id, label: `${row.slice_name} (${row.viz_type}: not a deck.gl layer)` };
      } catch (error) {
        const missing = error instanceof ClientError && error.status === 404;
        return { value: id, label: `Chart ${id} (${missing ? 'not found' : 'not readable'})` };
      }
    }),
  );
}

/**
 * @example
 * <DeckChartsControl label="deck.gl charts" value={fd.deck_slices} api={client} onChange={set} />
 */
export function DeckChartsControl({ label, value, api, onChange }: DeckChartsControlProps) {
  const ids = chosenChartIds(value);
  const [named, setNamed] = useState<SelectOption[]>([]);
  const [load] = useState(() => deckChartOptions(api));
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    const unnamed = ids.filter((id) => !named.some((o) => o.value === id));
    if (unnamed.length) void chosenOptions(api, unnamed).then((more) => live && setNamed((known) => [...known, ...more]));
    return () => {
      live = false;
    };
  }, [key, api]);
  return <Select label={label} multi options={named} loadOptions={load} value={ids} onChange={(v) => onChange(chosenChartIds(v))} />;
}
