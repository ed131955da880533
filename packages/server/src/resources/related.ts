import { sql } from 'kysely';
import { badRequest } from '../errors';
import type { Json, RequestScope, ResourceDefinition } from './definition';
import { ilike } from './filters';
import type { RelatedArgs } from './query-args';

/** Select page size (spec 1 §9: 100). */
export const RELATED_PAGE_SIZE = 100;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

function pageSizeOf(args: RelatedArgs): number {
  const size = args.pageSize ?? RELATED_PAGE_SIZE;
  if (size > RELATED_PAGE_SIZE) throw badRequest(`page_size ${size} is too big; the maximum is ${RELATED_PAGE_SIZE}`);
  return size;
}

/** GET /api/v1/{resource}/related/{column}: {count, result: [{value, text, extra?}]}. */
export async function runRelated(def: ResourceDefinition, column: string, args: RelatedArgs, scope: RequestScope): Promise<Json> {
  const source = def.related[column];
  if (!source) throw badRequest(`Related column '${column}' is not allowed; allowed: ${Object.keys(def.related).join(', ')}`);
  const pageSize = pageSizeOf(args);
  let base = scope.db.selectFrom(`${source.table} as r`);
  if (source.where) base = base.where((eb) => source.where!(eb, scope));
  if (args.filter) {
    const pattern = `%${escapeLike(args.filter)}%`;
    base = base.where((eb) => eb.or(source.search.map((c) => ilike(c, pattern))));
  }
  const countRow = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .selectAll('r')
    .select((eb) => source.text(eb).as('__text'))
    .orderBy(sql.ref(source.order))
    .orderBy('r.id')
    .limit(pageSize)
    .offset(args.page * pageSize)
    .execute();
  const seen = new Set(rows.map((r) => r.id as number));
  const missing = args.page === 0 ? args.includeIds.filter((id) => !seen.has(id)) : [];
  const extraRows = missing.length
    ? await scope.db
        .selectFrom(`${source.table} as r`)
        .selectAll('r')
        .select((eb) => source.text(eb).as('__text'))
        .where('r.id', 'in', missing)
        // include_ids must not reveal rows the candidates' restriction hides (e.g. others' draft dashboards).
        .where((eb) => (source.where ? source.where(eb, scope) : sql<boolean>`1 = 1`))
        .execute()
    : [];
  const result = [...extraRows, ...rows].map((row) => ({
    value: row.id,
    text: String(row.__text ?? '').trim(),
    ...(source.extra ? { extra: source.extra(row) } : {}),
  }));
  return { count: Number(countRow?.count ?? 0), result };
}

/** GET /api/v1/{resource}/distinct/{column}: {count, result: [{text, value}]}. */
export async function runDistinct(def: ResourceDefinition, column: string, args: RelatedArgs, scope: RequestScope): Promise<Json> {
  const dbColumn = def.distinct[column];
  if (!dbColumn) throw badRequest(`Distinct column '${column}' is not allowed; allowed: ${Object.keys(def.distinct).join(', ') || '(none)'}`);
  const pageSize = pageSizeOf(args);
  const ref = `t.${dbColumn}`;
  let base = scope.db.selectFrom(`${def.table} as t`).where(ref, 'is not', null);
  if (def.visibility) base = base.where((eb) => def.visibility!(eb, scope) ?? sql<boolean>`1 = 1`);
  if (args.filter) base = base.where(ilike(ref, `%${escapeLike(args.filter)}%`));
  const values = base.select(sql.ref(ref).as('value')).distinct();
  const countRow = await scope.db
    .selectFrom(values.as('v'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  const rows = await values.orderBy('value').limit(pageSize).offset(args.page * pageSize).execute();
  return { count: Number(countRow?.count ?? 0), result: rows.map((r) => ({ text: String(r.value), value: r.value })) };
}
