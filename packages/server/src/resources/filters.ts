import { sql } from 'kysely';
import { badRequest } from '../errors';
import type { ColumnFilter, Condition, Eb, FilterApply, RequestScope, TableName } from './definition';

/**
 * List filter operators (spec 1 §3: sw, ew, ct, eq, neq, gt, lt, between, rel_m_m, rel_o_m, favourites,
 * certified, tags ...), built as Kysely conditions over the resource alias `t`. Values are always bound
 * parameters; column names only ever come from definitions.
 */
export type ScalarKind = 'string' | 'number' | 'boolean' | 'datetime';

const fail = (what: string) => badRequest(`Filter value ${what}`);

function toNumber(col: string, opr: string, v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw fail(`for '${col}' (${opr}) must be a number, got ${JSON.stringify(v)}`);
}

function toInt(col: string, opr: string, v: unknown): number {
  const n = toNumber(col, opr, v);
  if (!Number.isInteger(n)) throw fail(`for '${col}' (${opr}) must be an integer id, got ${JSON.stringify(v)}`);
  return n;
}

export function toBoolValue(col: string, opr: string, v: unknown): boolean {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw fail(`for '${col}' (${opr}) must be true or false, got ${JSON.stringify(v)}`);
}

function toText(col: string, opr: string, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw fail(`for '${col}' (${opr}) must be a string, got ${JSON.stringify(v)}`);
}

function coerce(kind: ScalarKind, col: string, opr: string, v: unknown): string | number {
  if (kind === 'number') return toNumber(col, opr, v);
  if (kind === 'boolean') return toBoolValue(col, opr, v) ? 1 : 0;
  return toText(col, opr, v);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Case-insensitive LIKE that behaves the same on SQLite and PostgreSQL. */
export function ilike(expr: string, pattern: string): Condition {
  return sql<boolean>`lower(${sql.ref(expr)}) like ${pattern.toLowerCase()} escape '\\'`;
}

function likeOps(col: string, ref: string): Record<string, FilterApply> {
  const like = (wrap: (s: string) => string, negate = false): FilterApply => (eb, value) => {
    const condition = ilike(ref, wrap(escapeLike(toText(col, 'like', value))));
    return negate ? eb.not(condition) : condition;
  };
  return {
    ct: like((s) => `%${s}%`),
    nct: like((s) => `%${s}%`, true),
    sw: like((s) => `${s}%`),
    nsw: like((s) => `${s}%`, true),
    ew: like((s) => `%${s}`),
    new: like((s) => `%${s}`, true),
  };
}

/**
 * Filters on a plain column of `t`.
 *
 * @example
 * scalarFilter('slice_name', 'string') // ct, sw, ew, eq, neq, in ...
 */
export function scalarFilter(column: string, kind: ScalarKind, only?: string[]): ColumnFilter {
  const ref = column.includes('.') ? column : `t.${column}`;
  const cmp = (op: '=' | '<>' | '>' | '<' | '>=' | '<=', opr: string): FilterApply => (eb, value) => {
    if (value === null && (op === '=' || op === '<>')) return op === '=' ? eb(ref, 'is', null) : eb(ref, 'is not', null);
    return eb(ref, op, coerce(kind, column, opr, value));
  };
  const operators: Record<string, FilterApply> = { eq: cmp('=', 'eq'), neq: cmp('<>', 'neq') };
  if (kind !== 'boolean') {
    Object.assign(operators, {
      gt: cmp('>', 'gt'),
      lt: cmp('<', 'lt'),
      gte: cmp('>=', 'gte'),
      lte: cmp('<=', 'lte'),
      ge: cmp('>=', 'ge'),
      le: cmp('<=', 'le'),
      in: ((eb, value) => {
        const list = Array.isArray(value) ? value : [value];
        if (list.length === 0) return sql<boolean>`1 = 0`;
        return eb(ref, 'in', list.map((v) => coerce(kind, column, 'in', v)));
      }) satisfies FilterApply,
      between: ((eb, value) => {
        if (!Array.isArray(value) || value.length !== 2) throw fail(`for '${column}' (between) must be a list of two values`);
        return eb.and([eb(ref, '>=', coerce(kind, column, 'between', value[0])), eb(ref, '<=', coerce(kind, column, 'between', value[1]))]);
      }) satisfies FilterApply,
    });
  }
  if (kind === 'string') Object.assign(operators, likeOps(column, ref));
  if (only) for (const key of Object.keys(operators)) if (!only.includes(key)) delete operators[key];
  return { operators };
}

function idList(col: string, opr: string, value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => toInt(col, opr, v));
}

/** Many-to-one: `t.{fk}` equals the id (created_by, changed_by, database). */
export function relOneToMany(col: string, fk: string): ColumnFilter {
  const apply: FilterApply = (eb, value) => {
    if (value === null) return eb(`t.${fk}`, 'is', null);
    const ids = idList(col, 'rel_o_m', value);
    return ids.length === 1 ? eb(`t.${fk}`, '=', ids[0]) : eb(`t.${fk}`, 'in', ids);
  };
  const neq: FilterApply = (eb, value) => eb.or([eb(`t.${fk}`, 'is', null), eb(`t.${fk}`, '<>', toInt(col, 'neq', value))]);
  return { operators: { rel_o_m: apply, eq: apply, in: apply, neq } };
}

/** Many-to-many through a link table (owners, dashboards, roles): any linked id among the values. */
export function relManyToMany(col: string, link: TableName, selfFk: string, otherFk: string): ColumnFilter {
  const exists = (eb: Eb, ids: number[]) =>
    eb.exists(eb.selectFrom(`${link} as l`).select(sql.lit(1).as('one')).whereRef(`l.${selfFk}`, '=', 't.id').where(`l.${otherFk}`, 'in', ids));
  const apply: FilterApply = (eb, value) => {
    const ids = idList(col, 'rel_m_m', value);
    return ids.length === 0 ? sql<boolean>`1 = 0` : exists(eb, ids);
  };
  const not: FilterApply = (eb, value) => eb.not(exists(eb, idList(col, 'nrel_m_m', value)));
  return { operators: { rel_m_m: apply, eq: apply, in: apply, nrel_m_m: not, neq: not } };
}

/** The current user's favourites: value true keeps favourites, false keeps the others. */
export function favoriteOperator(className: string): FilterApply {
  return (eb, value, scope: RequestScope) => {
    const wanted = toBoolValue('id', 'favorite', value);
    const sub = eb
      .selectFrom('favstar as f')
      .select(sql.lit(1).as('one'))
      .whereRef('f.obj_id', '=', 't.id')
      .where('f.class_name', '=', className)
      .where('f.user_id', '=', scope.user.id ?? -1);
    return wanted ? eb.exists(sub) : eb.not(eb.exists(sub));
  };
}

/** certified_by set (true) or unset (false). */
export const certifiedOperator: FilterApply = (eb, value) => {
  const wanted = toBoolValue('id', 'certified', value);
  const certified = eb.and([eb('t.certified_by', 'is not', null), eb('t.certified_by', '<>', '')]);
  return wanted ? certified : eb.not(certified);
};

/** Objects carrying any of the tag ids. */
export function tagIdOperator(objectType: string): FilterApply {
  return (eb, value) => {
    const ids = idList('tags', 'tags', value);
    if (ids.length === 0) return sql<boolean>`1 = 0`;
    return eb.exists(
      eb
        .selectFrom('tagged_object as o')
        .select(sql.lit(1).as('one'))
        .whereRef('o.object_id', '=', 't.id')
        .where('o.object_type', '=', objectType)
        .where('o.tag_id', 'in', ids),
    );
  };
}

/** Objects carrying a tag whose name contains the text (chart_tags / dashboard_tags). */
export function tagNameOperator(objectType: string): FilterApply {
  return (eb, value) => {
    const names = Array.isArray(value) ? value.map((v) => toText('tags', 'tags', v)) : [toText('tags', 'tags', value)];
    return eb.exists(
      eb
        .selectFrom('tagged_object as o')
        .innerJoin('tag as g', 'g.id', 'o.tag_id')
        .select(sql.lit(1).as('one'))
        .whereRef('o.object_id', '=', 't.id')
        .where('o.object_type', '=', objectType)
        .where((inner) => inner.or(names.map((name) => ilike('g.name', `%${escapeLike(name)}%`)))),
    );
  };
}

/** Free-text search over several columns of `t` (all_text). */
export function allTextOperator(columns: string[]): FilterApply {
  return (eb, value) => {
    const text = toText('all_text', 'all_text', value);
    if (text.trim() === '') return sql<boolean>`1 = 1`;
    const pattern = `%${escapeLike(text.trim())}%`;
    return eb.or(columns.map((c) => ilike(c.includes('.') ? c : `t.${c}`, pattern)));
  };
}

/** Merges several column filters (e.g. scalar eq + custom operators on `id`). */
export function mergeFilters(...parts: (ColumnFilter | Record<string, FilterApply>)[]): ColumnFilter {
  const operators: Record<string, FilterApply> = {};
  for (const part of parts) Object.assign(operators, 'operators' in part && typeof part.operators === 'object' ? part.operators : part);
  return { operators };
}
