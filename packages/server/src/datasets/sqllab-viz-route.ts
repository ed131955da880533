import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { createItem } from '../resources/create-item';
import type { AnyDb, Json } from '../resources/definition';
import { datasetDefinition } from '../resources/definitions/dataset';
import { loadVisibleRow } from '../resources/load';
import { requireUser } from '../security/guards';
import { readFormOrJson } from '../sqllab/form-body';

/** The incumbent's legacy "save SQL Lab query as a dataset" endpoint. */
export const SQLLAB_VIZ_PATH = '/superset/sqllab_viz/';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalText(data: Record<string, unknown>, field: string): string | null {
  const value = data[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest(`sqllab_viz: '${field}' must be a string`);
  return value;
}

/** A column as the incumbent's clients send it (`name` or `column_name`, `type`, `is_date` or `is_dttm`). */
function columnOf(raw: unknown, index: number): Json {
  if (!isObject(raw)) throw badRequest(`sqllab_viz: columns[${index}] must be an object`);
  const name = raw.column_name ?? raw.name;
  if (typeof name !== 'string' || !name) throw badRequest(`sqllab_viz: columns[${index}] needs a 'name' or 'column_name' string`);
  const type = typeof raw.type === 'string' ? raw.type : null;
  return { column_name: name, type, is_dttm: raw.is_date === true || raw.is_dttm === true, groupby: true, filterable: true };
}

/**
 * The dataset POST /api/v1/dataset/ would create for the legacy payload `data = {dbId, datasourceName,
 * schema?, catalog?, sql, templateParams?, columns?}`: the incumbent's client sends it as a JSON form field.
 */
export function datasetPayloadOf(data: unknown): Json {
  if (!isObject(data)) throw badRequest("sqllab_viz: the 'data' field must be a JSON object");
  if (!Number.isInteger(data.dbId)) throw badRequest("sqllab_viz: 'dbId' must be an integer database id");
  const tableName = optionalText(data, 'datasourceName');
  if (!tableName) throw badRequest("sqllab_viz: 'datasourceName' (the new dataset's name) is required");
  const sql = optionalText(data, 'sql');
  if (!sql) throw badRequest("sqllab_viz: 'sql' is required: the dataset is virtual");
  const columns = data.columns === undefined || data.columns === null ? [] : data.columns;
  if (!Array.isArray(columns)) throw badRequest("sqllab_viz: 'columns' must be a list");
  const templateParams = optionalText(data, 'templateParams');
  return {
    database: data.dbId as number,
    table_name: tableName,
    schema: optionalText(data, 'schema'),
    catalog: optionalText(data, 'catalog'),
    sql,
    ...(templateParams ? { template_params: templateParams } : {}),
    ...(columns.length ? { columns: columns.map(columnOf) } : {}),
  };
}

/**
 * POST /superset/sqllab_viz/: creates the virtual dataset through the very path POST /api/v1/dataset/
 * takes (can_write Dataset, the placement rule that SQL needs the whole database, uniqueness), and
 * answers as the incumbent, `{table_id, data}`, `data` being the dataset as GET /api/v1/dataset/{id} shows it.
 */
export async function registerSqlLabVizRoute(app: FastifyInstance): Promise<void> {
  app.post(SQLLAB_VIZ_PATH, async (request) => {
    const body = await readFormOrJson(request);
    const created = await createItem(request, datasetDefinition, datasetPayloadOf(body.data));
    const ctx = request.server.lumen;
    const scope = { ctx, user: requireUser(request), db: ctx.store.db as unknown as AnyDb };
    const row = await loadVisibleRow(datasetDefinition, String(created.id), scope);
    const shown = await datasetDefinition.serializeShow(row, scope);
    return { table_id: created.id, data: { ...shown, id: created.id, type: 'table', uid: `${created.id}__table` } };
  });
}
