import type { ExecuteResult, GenericType } from '../engines';

/**
 * The body SQL Lab returns for a finished query (sync execute and GET results), as the incumbent's
 * QueryExecutionResponseSchema: query dict, columns, selected/expanded columns and rows as records.
 */
const GENERIC_CODES: Record<GenericType, number> = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 };

export interface ResultColumnPayload {
  column_name: string;
  name: string;
  type: string | null;
  is_dttm: boolean;
  type_generic: number | null;
}

/** Makes duplicate column names unique the incumbent's way (`a`, `a__1`, `a__2`), so records keep every value. */
export function dedupeNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  const used = new Set(names);
  return names.map((name) => {
    const count = seen.get(name);
    if (count === undefined) {
      seen.set(name, 0);
      return name;
    }
    let next = count + 1;
    while (used.has(`${name}__${next}`)) next++;
    seen.set(name, next);
    used.add(`${name}__${next}`);
    return `${name}__${next}`;
  });
}

export function columnsPayload(result: Pick<ExecuteResult, 'columns'>): ResultColumnPayload[] {
  const names = dedupeNames(result.columns.map((c) => c.name));
  return result.columns.map((column, i) => ({
    column_name: names[i]!,
    name: names[i]!,
    type: column.type ? column.type.toUpperCase() : null,
    is_dttm: column.is_dttm,
    type_generic: column.generic_type === null ? null : GENERIC_CODES[column.generic_type],
  }));
}

/** Row arrays to records; one object per row is what the client reads (data[i][column_name]). */
export function recordsOf(columns: ResultColumnPayload[], rows: unknown[][]): Record<string, unknown>[] {
  const names = columns.map((c) => c.name);
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const record: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c++) record[names[c]!] = row[c] ?? null;
    out[r] = record;
  }
  return out;
}

export interface ResultsPayload {
  status: string;
  query_id: number;
  query: Record<string, unknown>;
  columns: ResultColumnPayload[];
  selected_columns: ResultColumnPayload[];
  expanded_columns: ResultColumnPayload[];
  data: Record<string, unknown>[];
}

export function buildResultsPayload(query: Record<string, unknown>, queryId: number, result: ExecuteResult | null): ResultsPayload {
  const columns = result ? columnsPayload(result) : [];
  return {
    status: String(query.state ?? 'success'),
    query_id: queryId,
    query,
    columns,
    selected_columns: columns,
    expanded_columns: [],
    data: result ? recordsOf(columns, result.rows) : [],
  };
}
