import { checkDatasetFragment, checkFragmentForEveryEngine } from '../chart-data/dataset-fragment';
import { badRequest, LumenError, notFound } from '../errors';
import type { MetadataStore } from '../metadata/connect';
import { type GuestResourceClaim, type GuestRlsRuleClaim, type GuestUserClaim, SQLLAB_GRANT_WITH_RLS_MESSAGE } from './guest-tokens';

/**
 * Validation of POST /api/v1/security/guest_token/ bodies. Strict: unknown fields, unknown resource types,
 * resources that do not exist and RLS clauses that are not a single safe SQL expression are refused with
 * a message naming the field, so a host backend cannot smuggle statements into every guest query.
 */
export interface GuestTokenRequest {
  user: GuestUserClaim;
  resources: GuestResourceClaim[];
  rls_rules: GuestRlsRuleClaim[];
}

const MAX_RESOURCES = 100;
const MAX_RULES = 100;
const MAX_NAME = 255;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function rejectUnknown(value: Record<string, unknown>, allowed: string[], where: string): void {
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length) throw badRequest(`${where}${unknown[0]}: unknown field`);
}

function parseUser(value: unknown): GuestUserClaim {
  if (value === undefined) return { username: 'guest', first_name: 'Guest', last_name: 'User' };
  if (!isRecord(value)) throw badRequest('user: must be an object {username, first_name, last_name}');
  rejectUnknown(value, ['username', 'first_name', 'last_name'], 'user.');
  const text = (key: string, fallback: string) => {
    const v = value[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string' || v.length > MAX_NAME) throw badRequest(`user.${key}: must be a string of at most ${MAX_NAME} characters`);
    return v;
  };
  const username = text('username', 'guest');
  if (!username.trim()) throw badRequest('user.username: must not be empty');
  return { username, first_name: text('first_name', ''), last_name: text('last_name', '') };
}

/**
 * May the granter hand out SQL Lab on this database? Answers nothing or throws the refusal; the route passes
 * the SQL Lab check of the signed-in granter, so a token never grants more SQL than its minter may run.
 */
export type SqlLabGrantCheck = (databaseId: number) => Promise<unknown>;

async function parseDashboardResource(store: MetadataStore, where: string, id: string): Promise<GuestResourceClaim> {
  if (/^\d+$/.test(id)) {
    const row = await store.db.selectFrom('dashboards').select('id').where('id', '=', Number(id)).executeTakeFirst();
    if (!row) throw notFound(`${where}.id: dashboard ${id} does not exist`);
    return { type: 'dashboard', id };
  }
  if (UUID.test(id)) {
    const row = await store.db.selectFrom('embedded_dashboards').select('uuid').where('uuid', '=', id.toLowerCase()).executeTakeFirst();
    if (!row) throw notFound(`${where}.id: no dashboard is embedded with uuid ${id}`);
    return { type: 'dashboard', id: id.toLowerCase() };
  }
  throw badRequest(`${where}.id: must be a dashboard id or an embedded dashboard uuid`);
}

async function parseSqlLabResource(where: string, id: string, checkSqlLabGrant: SqlLabGrantCheck | undefined): Promise<GuestResourceClaim> {
  if (!/^[1-9]\d{0,15}$/.test(id)) throw badRequest(`${where}.id: must be a database id (positive integer)`);
  if (!checkSqlLabGrant) throw badRequest(`${where}.type: SQL Lab cannot be granted here`);
  try {
    await checkSqlLabGrant(Number(id));
  } catch (error) {
    if (error instanceof LumenError) throw new LumenError(error.statusCode, `${where}.id: ${error.message}`, error.errorType, error.extra);
    throw error;
  }
  return { type: 'sqllab', id };
}

/** Checks each resource exists (and that a SQL Lab grant is the granter's to give); the error names the resource. */
async function parseResources(store: MetadataStore, value: unknown, checkSqlLabGrant?: SqlLabGrantCheck): Promise<GuestResourceClaim[]> {
  if (!Array.isArray(value) || value.length === 0) throw badRequest('resources: must be a non-empty array of {type, id}');
  if (value.length > MAX_RESOURCES) throw badRequest(`resources: at most ${MAX_RESOURCES} resources`);
  const out: GuestResourceClaim[] = [];
  for (const [i, item] of value.entries()) {
    const where = `resources[${i}]`;
    if (!isRecord(item)) throw badRequest(`${where}: must be an object {type, id}`);
    rejectUnknown(item, ['type', 'id'], `${where}.`);
    const id = typeof item.id === 'number' ? String(item.id) : typeof item.id === 'string' ? item.id.trim() : '';
    if (item.type === 'dashboard') out.push(await parseDashboardResource(store, where, id));
    else if (item.type === 'sqllab') out.push(await parseSqlLabResource(where, id, checkSqlLabGrant));
    else throw badRequest(`${where}.type: unknown resource type ${JSON.stringify(item.type)} (expected "dashboard" or "sqllab")`);
  }
  return out;
}

/** The clause, or a 400 that names the rule it came from. */
async function clauseOf(where: string, check: () => string | Promise<string>): Promise<string> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof LumenError) throw badRequest(`${where}.clause: ${error.message}`, error.extra, error.errorType);
    throw error;
  }
}

/** Decimal digits only, no sign, no leading zero: `"12"`, never `"012"`, `"1e3"`, `" 12"` or `"0x0c"`. */
const DATASET_ID_STRING = /^[1-9][0-9]{0,15}$/;

/**
 * A rule's dataset id: a positive integer, or the same written as a string of digits, which the incumbent's
 * clients send (its server casts the value). Anything else is a 400 naming the rule, never a guess.
 */
export function datasetIdOf(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  if (typeof value === 'string' && DATASET_ID_STRING.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
  throw badRequest(`${where}.dataset: must be a dataset id, a positive integer or a string of its digits (got ${shown})`);
}

async function parseRules(store: MetadataStore, value: unknown): Promise<GuestRlsRuleClaim[]> {
  if (!Array.isArray(value)) throw badRequest('rls: must be an array of {dataset?, clause} (may be empty)');
  if (value.length > MAX_RULES) throw badRequest(`rls: at most ${MAX_RULES} rules`);
  const out: GuestRlsRuleClaim[] = [];
  for (const [i, item] of value.entries()) {
    const where = `rls[${i}]`;
    if (!isRecord(item)) throw badRequest(`${where}: must be an object {dataset?, clause}`);
    rejectUnknown(item, ['dataset', 'clause'], `${where}.`);
    // Without a dataset the clause applies to every dataset: checked here with every engine's parser, and
    // again by each query with its dataset's columns.
    if (item.dataset === undefined || item.dataset === null) {
      out.push({ clause: await clauseOf(where, () => checkFragmentForEveryEngine({ store }, item.clause, 'where')) });
      continue;
    }
    const datasetId = datasetIdOf(item.dataset, where);
    const dataset = await store.db.selectFrom('tables').select('id').where('id', '=', datasetId).executeTakeFirst();
    if (!dataset) throw badRequest(`${where}.dataset: dataset ${datasetId} does not exist`);
    const clause = await clauseOf(where, () => checkDatasetFragment({ store }, datasetId, item.clause, 'where'));
    out.push({ dataset: datasetId, clause });
  }
  return out;
}

/**
 * Parses and checks a guest-token request body against the metadata store.
 *
 * @example
 * const request = await parseGuestTokenRequest(ctx.store, { resources: [{ type: 'dashboard', id: 7 }], rls: [] });
 */
export async function parseGuestTokenRequest(store: MetadataStore, body: unknown, checkSqlLabGrant?: SqlLabGrantCheck): Promise<GuestTokenRequest> {
  if (!isRecord(body)) throw badRequest('Request body must be a JSON object {user, resources, rls}');
  rejectUnknown(body, ['user', 'resources', 'rls'], '');
  if (body.resources === undefined) throw badRequest('resources: missing required field');
  if (body.rls === undefined) throw badRequest('rls: missing required field');
  const user = parseUser(body.user);
  const resources = await parseResources(store, body.resources, checkSqlLabGrant);
  const rls_rules = await parseRules(store, body.rls);
  const sqlLab = resources.findIndex((r) => r.type === 'sqllab');
  if (sqlLab >= 0 && rls_rules.length) throw badRequest(`resources[${sqlLab}]: ${SQLLAB_GRANT_WITH_RLS_MESSAGE}`);
  return { user, resources, rls_rules };
}
