import type { AliasableExpression, Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { MetadataSchema } from '../metadata/schema';
import type { CurrentUser } from '../security/current-user';
import type { FieldMap } from './fields';

/**
 * The generic resource layer works on tables chosen at run time, so it speaks to Kysely untyped; each
 * definition keeps its own row types. `t` is always the alias of the resource's table.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTrx = Transaction<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Eb = ExpressionBuilder<any, any>;
export type Condition = Expression<SqlBool>;
export type Row = Record<string, unknown>;
export type Json = Record<string, unknown>;

export type TableName = keyof MetadataSchema & string;

/** Everything a definition's hooks may need about the request. */
export interface RequestScope {
  ctx: AppContext;
  user: CurrentUser;
  db: AnyDb;
}

/** A filter operator applied to a column: returns the WHERE condition, or throws badRequest naming the value. */
export type FilterApply = (eb: Eb, value: unknown, scope: RequestScope) => Condition;

export interface ColumnFilter {
  /** Operator name -> condition builder. */
  operators: Record<string, FilterApply>;
}

/** A value a related/ endpoint offers: the table to look in, the id and the text shown. */
export interface RelatedSource {
  table: TableName;
  /** SQL expression (over alias `r`) giving the display text; also what the `filter` text matches. */
  text: (eb: Eb) => AliasableExpression<unknown>;
  /** Columns matched by the `filter` text (over alias `r`). */
  search: string[];
  order: string;
  extra?: (row: Row) => Json;
  /** Restrict the candidates (e.g. only users who own a chart, only dashboards the caller may open). */
  where?: (eb: Eb, scope: RequestScope) => Condition;
}

export type Ownership =
  | { kind: 'link'; table: TableName; fk: string }
  | { kind: 'column'; column: string };

/**
 * One REST resource, declared once and served by the router in routes.ts under /api/v1/{name}/.
 */
export interface ResourceDefinition {
  /** URL segment: chart, dashboard, dataset, database, saved_query, tag. */
  name: string;
  table: TableName;
  /** Permission view name: Chart, Dashboard, ... */
  view: string;
  /** The word used in messages: 'chart', 'saved query'. */
  thing: string;
  plural: string;
  listTitle: string;
  /**
   * Flask-AppBuilder's show title ('Show Slice'), for resources whose incumbent GET is the framework's own:
   * their answer carries its envelope (show_columns, label_columns, description_columns, show_title).
   * Resources with a custom incumbent GET (dashboard, dataset, database) leave it out and answer {id, result}.
   */
  showTitle?: string;
  /**
   * The columns a list item has when select_columns names none (response `list_columns`): the incumbent's
   * list columns, dotted inside objects (owners.id). select_columns may pick any of these, `extraSelectable`
   * and `showColumns`.
   */
  listColumns: string[];
  extraSelectable?: string[];
  /** Keys of the GET-one result. */
  showColumns: string[];
  labels?: Record<string, string>;
  /** Order column -> SQL expression over alias `t`. */
  orderColumns: Record<string, (eb: Eb) => Expression<unknown>>;
  defaultOrder: { column: string; direction: 'asc' | 'desc' };
  filters: Record<string, ColumnFilter>;
  related: Record<string, RelatedSource>;
  /** Distinct-value columns: API name -> database column of `t`. */
  distinct: Record<string, string>;
  ownership?: Ownership;
  /** favstar.class_name when the resource can be favourited. */
  favoriteClass?: string;
  /** tagged_object.object_type when the resource can be tagged. */
  tagType?: string;
  maxPageSize: number;
  /** Rows the user may see at all (null = every row). */
  visibility?: (eb: Eb, scope: RequestScope) => Condition | null;
  /** The error for a row that exists but `visibility` hides (default 404), e.g. a 403 naming the missing grant. */
  hiddenError?: (row: Row, scope: RequestScope) => Promise<Error>;
  /** `columns`: what the list returns; a serializer may skip loading relations none of them names. */
  serializeList(rows: Row[], scope: RequestScope, columns: readonly string[]): Promise<Json[]>;
  serializeShow(row: Row, scope: RequestScope): Promise<Json>;
  createFields: FieldMap;
  updateFields: FieldMap;
  /** Inserts the row and its relations; returns the new id. */
  create(trx: AnyTrx, input: Json, scope: RequestScope): Promise<number>;
  update(trx: AnyTrx, row: Row, input: Json, scope: RequestScope, query: Record<string, string>): Promise<void>;
  /** Extra clean-up before the rows are deleted (links without a foreign key). */
  beforeDelete?(trx: AnyTrx, ids: number[], scope: RequestScope): Promise<void>;
  /** Runs after a create has committed (e.g. column discovery). */
  afterCreate?(id: number, input: Json, scope: RequestScope): Promise<void>;
  /** Resolves a path key that is not a number (dashboard slugs). */
  findByKey?(db: AnyDb, key: string): Promise<Row | undefined>;
  /** The `result` echoed by POST/PUT (default: the validated input); must never carry secrets. */
  echo?(input: Json): Json;
  /** Extra fields in the POST/PUT response beside {id, result}. */
  writeResponse?(id: number, scope: RequestScope): Promise<Json>;
}
