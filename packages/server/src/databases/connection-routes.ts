import { existsSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import {
  ENGINE_SPECS,
  EngineError,
  findEngineSpec,
  parseConnectTarget,
  parseDatabaseUri,
  PREFERRED_ENGINES,
  withTemporaryConnection,
  type ConnectionParameters,
  type ConnectTarget,
  type EngineSpec,
} from '../engines';
import { badRequest, ErrorType, LumenError, type ErrorTypeCode, type StructuredError } from '../errors';
import { requirePermission } from '../security/guards';
import { assertConnectTargetAllowed } from './data-dir-guard';
import { openDatabasePassword } from '../security/database-secrets';

/** The incumbent's mask for stored passwords shown in URIs. */
const PASSWORD_MASK = 'XXXXXXXXXX';
const REQUIRED_FIELD = 'This is a required field';

type Body = Record<string, unknown>;

/** An error response carrying several structured errors (validate_parameters). */
class ParametersError extends LumenError {
  constructor(readonly errors: StructuredError[]) {
    super(422, errors[0]?.message ?? 'Invalid parameters', errors[0]?.error_type ?? ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, errors[0]?.extra);
  }
}

function structured(spec: EngineSpec | null, type: ErrorTypeCode, message: string, extra: Record<string, unknown> = {}, issue?: [number, string]): StructuredError {
  return {
    message,
    error_type: type,
    level: 'error',
    extra: { engine_name: spec?.engineName ?? null, ...extra, ...(issue ? { issue_codes: [{ code: issue[0], message: issue[1] }] } : {}) },
  };
}

/** Converts the catalog field of the parameters form from [{name, value}] to {name: value} (spec 2 §7). */
export function catalogToMap(catalog: unknown): Record<string, unknown> | undefined {
  if (catalog === undefined || catalog === null) return undefined;
  if (Array.isArray(catalog)) {
    const map: Record<string, unknown> = {};
    for (const item of catalog) {
      if (item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' && (item as { name: string }).name !== '') {
        map[(item as { name: string }).name] = (item as { value?: unknown }).value ?? null;
      }
    }
    return map;
  }
  if (typeof catalog === 'object') return catalog as Record<string, unknown>;
  throw badRequest("catalog: must be a list of {name, value} or an object");
}

function specOfEngine(engine: unknown): EngineSpec {
  if (typeof engine !== 'string' || !engine) throw badRequest('engine: Missing data for required field.', { engine: ['Missing data for required field.'] });
  const spec = findEngineSpec(engine);
  if (!spec) {
    const allowed = ENGINE_SPECS.map((s) => s.engine);
    throw new ParametersError([
      structured(null, ErrorType.GENERIC_DB_ENGINE_ERROR, `Engine "${engine}" is not a valid engine.`, { allowed, provided: engine }),
    ]);
  }
  return spec;
}

function readParameters(body: Body): ConnectionParameters & { catalog?: Record<string, unknown> } {
  const raw = body.parameters;
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) throw badRequest('parameters: Not a valid mapping type.');
  const parameters = { ...((raw as Record<string, unknown>) ?? {}) } as ConnectionParameters & { catalog?: Record<string, unknown> };
  const catalog = catalogToMap(body.catalog ?? (raw as Record<string, unknown> | undefined)?.catalog);
  if (catalog) parameters.catalog = catalog;
  return parameters;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Missing required parameters as the spec's CONNECTION_MISSING_PARAMETERS_ERROR, or null. */
function missingParametersError(spec: EngineSpec, parameters: ConnectionParameters): StructuredError | null {
  const missing = spec.requiredParameters.filter((name) => isBlank((parameters as Record<string, unknown>)[name])).sort();
  if (!missing.length) return null;
  return structured(
    spec,
    ErrorType.CONNECTION_MISSING_PARAMETERS_ERROR,
    `One or more parameters are missing: ${missing.join(', ')}`,
    { missing, invalid: missing, fields: Object.fromEntries(missing.map((name) => [name, REQUIRED_FIELD])) },
    [1018, 'Issue 1018 - One or more parameters needed to configure a database are missing.'],
  );
}

async function portOpen(host: string, port: number, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** Host/port checks of the parameters form (the incumbent's BasicParametersMixin.validate_parameters). */
async function networkErrors(spec: EngineSpec, parameters: ConnectionParameters): Promise<StructuredError[]> {
  if (spec.fileBased) {
    const path = String(parameters.database ?? '');
    if (path !== ':memory:' && !existsSync(path)) {
      return [structured(spec, ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR, `Unable to connect to database "${path}".`, { invalid: ['database'] }, [1015, 'Issue 1015 - Either the database is spelled incorrectly or does not exist.'])];
    }
    return [];
  }
  const host = String(parameters.host);
  try {
    await lookup(host);
  } catch {
    return [structured(spec, ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR, "The hostname provided can't be resolved.", { invalid: ['host'] }, [1007, "Issue 1007 - The hostname provided can't be resolved."])];
  }
  const port = Number(parameters.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return [structured(spec, ErrorType.CONNECTION_INVALID_PORT_ERROR, 'The port must be an integer between 0 and 65535 (inclusive).', { invalid: ['port'] }, [1034, 'Issue 1034 - The port number is invalid.'])];
  }
  if (!(await portOpen(host, port))) {
    return [structured(spec, ErrorType.CONNECTION_PORT_CLOSED_ERROR, 'The port is closed.', { invalid: ['port'] }, [1008, 'Issue 1008 - The port is closed.'])];
  }
  return [];
}

/** Which fields an engine error points at, for the form to highlight. */
function invalidFieldsOf(type: string): string[] {
  switch (type) {
    case ErrorType.CONNECTION_ACCESS_DENIED_ERROR:
      return ['username', 'password'];
    case ErrorType.CONNECTION_INVALID_USERNAME_ERROR:
      return ['username'];
    case ErrorType.CONNECTION_INVALID_PASSWORD_ERROR:
      return ['password'];
    case ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR:
      return ['host'];
    case ErrorType.CONNECTION_PORT_CLOSED_ERROR:
    case ErrorType.CONNECTION_INVALID_PORT_ERROR:
      return ['port'];
    case ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR:
      return ['database'];
    default:
      return [];
  }
}

/** The stored password of an existing database, for URIs whose password is the mask. */
async function storedPassword(ctx: AppContext, body: Body): Promise<string | null> {
  if (typeof body.database_name !== 'string') return null;
  const row = await ctx.store.db.selectFrom('dbs').select(['id', 'uuid', 'database_name', 'password']).where('database_name', '=', body.database_name).executeTakeFirst();
  return row ? openDatabasePassword(ctx.config, row) : null;
}

/** Builds the connect target of a test_connection body: a URI, or engine + parameters. */
async function targetOfBody(ctx: AppContext, body: Body): Promise<{ spec: EngineSpec; target: ConnectTarget }> {
  const uri = body.sqlalchemy_uri;
  if (typeof uri === 'string' && uri.trim() !== '' && body.configuration_method !== 'dynamic_form') {
    const parsed = parseDatabaseUri(uri);
    const password = parsed.password === PASSWORD_MASK ? await storedPassword(ctx, body) : parsed.password;
    const spec = findEngineSpec(parsed.backend)!;
    return { spec, target: { ...parseConnectTarget(parsed.uriWithoutPassword, password), readOnly: true } };
  }
  if (body.parameters !== undefined) {
    const spec = specOfEngine(body.engine ?? (typeof uri === 'string' ? uri.split(':')[0] : undefined));
    const parameters = readParameters(body);
    const missing = missingParametersError(spec, parameters);
    if (missing) throw new ParametersError([missing]);
    if (parameters.password === PASSWORD_MASK) parameters.password = (await storedPassword(ctx, body)) ?? undefined;
    return { spec, target: { ...parseConnectTarget(spec.buildUri(parameters)), readOnly: true } };
  }
  throw badRequest('sqlalchemy_uri: Missing data for required field.', { sqlalchemy_uri: ['Missing data for required field.'] });
}

async function tryConnect(spec: EngineSpec, target: ConnectTarget): Promise<void> {
  if (spec.fileBased && target.database !== ':memory:' && !existsSync(target.database ?? '')) {
    throw new EngineError(spec.engineName, ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR, `Unable to connect to database "${target.database}".`, [
      { code: 1015, message: 'Issue 1015 - Either the database is spelled incorrectly or does not exist.' },
    ]);
  }
  await withTemporaryConnection(target, (client) => client.execute('SELECT 1', [], { timeoutMs: 15_000 }));
}

function bodyOf(raw: unknown): Body {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('Request body must be a JSON object');
  return raw as Body;
}

/** test_connection, validate_parameters and available (the connect-a-database form). */
export async function registerConnectionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ParametersError) {
      return reply.status(422).send({ message: error.message, errors: error.errors });
    }
    throw error;
  });

  app.post('/api/v1/database/test_connection/', async (request) => {
    requirePermission(request, 'can_write', 'Database');
    const body = bodyOf(request.body);
    const { spec, target } = await targetOfBody(ctx, body);
    await assertConnectTargetAllowed(ctx, target, body.database_name);
    try {
      await tryConnect(spec, target);
    } catch (error) {
      if (error instanceof EngineError) {
        request.log.info({ engine: spec.engine, errorType: error.errorType }, 'test connection failed');
        throw error;
      }
      throw new EngineError(spec.engineName, ErrorType.GENERIC_DB_ENGINE_ERROR, (error as Error).message);
    }
    return { message: 'OK' };
  });

  app.post('/api/v1/database/validate_parameters/', async (request) => {
    requirePermission(request, 'can_write', 'Database');
    const body = bodyOf(request.body);
    const spec = specOfEngine(body.engine);
    const parameters = readParameters(body);
    const missing = missingParametersError(spec, parameters);
    if (missing) throw new ParametersError([missing]);
    const errors = await networkErrors(spec, parameters);
    if (errors.length) throw new ParametersError(errors);
    if (parameters.password === PASSWORD_MASK) parameters.password = (await storedPassword(ctx, body)) ?? undefined;
    try {
      const target = { ...parseConnectTarget(spec.buildUri(parameters)), readOnly: true };
      await assertConnectTargetAllowed(ctx, target, body.database_name);
      await tryConnect(spec, target);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      const extra = { ...(error.extra ?? {}), invalid: invalidFieldsOf(error.errorType) };
      throw new ParametersError([{ message: error.message, error_type: error.errorType, level: 'error', extra }]);
    }
    return { message: 'OK' };
  });

  app.get('/api/v1/database/available/', async (request) => {
    requirePermission(request, 'can_read', 'Database');
    return {
      databases: ENGINE_SPECS.map((spec) => ({
        available_drivers: spec.drivers,
        default_driver: spec.defaultDriver,
        engine: spec.engine,
        engine_information: {
          disable_ssh_tunneling: true,
          supports_file_upload: true,
          supports_dynamic_catalog: spec.supportsCatalogs,
          supports_oauth2: false,
        },
        name: spec.engineName,
        parameters: spec.parametersSchema,
        preferred: PREFERRED_ENGINES.has(spec.engine),
        sqlalchemy_uri_placeholder: spec.sqlalchemyUriPlaceholder,
      })),
    };
  });
}
