import type { AnyTrx, Json, RequestScope, ResourceDefinition, Row } from '../resources/definition';
import type { FieldMap } from '../resources/fields';

/** The parts of a resource definition the generic list, related and get-one helpers read. */
export type Listing = Pick<
  ResourceDefinition,
  | 'name' | 'table' | 'view' | 'thing' | 'plural' | 'listTitle' | 'showTitle' | 'listColumns' | 'extraSelectable' | 'showColumns' | 'labels'
  | 'orderColumns' | 'defaultOrder' | 'filters' | 'related' | 'distinct' | 'maxPageSize' | 'visibility' | 'serializeList' | 'serializeShow'
>;

/** A write's scope: the request's, plus the open transaction and the caller's own session (kept on a password change). */
export interface WriteScope extends RequestScope {
  trx: AnyTrx;
  sessionId: string | null;
}

/**
 * One resource of the security API (users, roles, permission names, views, pairs, RLS rules), served by
 * admin-routes.ts under /api/v1/{name}/. Unlike the generic resources there is no ownership: reading needs
 * can_read and writing can_write on `view`, and each refusal names the missing pair.
 */
export interface AdminResource extends Listing {
  /**
   * Writes need an admin even with can_write on the view, and the 403 says why: views, pairs and RLS rules
   * change what every role may do or see, which no pair-holder should be able to widen for themselves.
   */
  adminOnlyWrites?: string;
  /** Runs before any read (the permission-name registry picks up pairs added elsewhere). */
  beforeRead?(scope: RequestScope): Promise<void>;
  createFields: FieldMap;
  updateFields: FieldMap;
  /**
   * Checks that need their own queries (an RLS clause parsed against each dataset) or are slow (password
   * hashing); run before the write's transaction, which on SQLite holds the only connection. Returns the input
   * to write (e.g. with the password replaced by its hash).
   */
  prepare?(input: Json, scope: RequestScope, row?: Row): Promise<Json>;
  /** Without create and update the resource is read-only (the incumbent's /security/permissions/). */
  create?(w: WriteScope, input: Json): Promise<number>;
  update?(w: WriteScope, row: Row, input: Json): Promise<void>;
  /** Checks and clean-up before rows are deleted (e.g. the last admin is kept). */
  beforeDelete?(w: WriteScope, rows: Row[]): Promise<void>;
  /** After the write committed (e.g. the permission cache forgets the users concerned). */
  afterCommit?(scope: RequestScope, ids: number[]): void;
  /** The `result` echoed by POST/PUT; must never carry secrets (passwords). */
  echo?(input: Json): Json;
}

/**
 * runList, runRelated and loadVisibleRow take a ResourceDefinition but read only its Listing fields; the
 * write hooks of the generic layer are not used for security resources, which write through admin-routes.ts.
 */
export const asDefinition = (resource: AdminResource): ResourceDefinition => resource as unknown as ResourceDefinition;
