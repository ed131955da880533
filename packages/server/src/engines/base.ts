import { badRequest } from '../errors';
import { genericTypeOf, stringLiteral } from './common';
import { TIME_GRAINS, type ConnectionParameters, type ConnectTarget, type EngineSpec, type ParametersSchema, type TableRef, type TimeGrain } from './types';

/** The parameters form of network engines (the incumbent's BasicParametersSchema). */
export const NETWORK_PARAMETERS_SCHEMA: ParametersSchema = {
  type: 'object',
  properties: {
    host: { type: 'string', description: 'Hostname or IP address' },
    port: { type: 'integer', format: 'int32', minimum: 0, maximum: 65536, description: 'Database port' },
    username: { type: 'string', nullable: true, description: 'Username' },
    password: { type: 'string', nullable: true, description: 'Password' },
    database: { type: 'string', description: 'Database name' },
    query: { type: 'object', additionalProperties: {}, description: 'Additional parameters' },
    encryption: { type: 'boolean', description: 'Use an encrypted connection to the database' },
  },
  required: ['database', 'host', 'port', 'username'],
};

/** The parameters form of file engines: a path only. */
export const FILE_PARAMETERS_SCHEMA: ParametersSchema = {
  type: 'object',
  properties: {
    database: { type: 'string', description: 'Path to the database file (":memory:" for an in-memory database)' },
    query: { type: 'object', additionalProperties: {}, description: 'Additional parameters' },
  },
  required: ['database'],
};

type SpecDefinition = Omit<
  EngineSpec,
  'timeGrainExpression' | 'limitClause' | 'genericType' | 'selectStar' | 'buildUri' | 'parametersFromTarget' | 'placeholder' | 'requiredParameters' | 'parametersSchema'
> &
  Partial<Pick<EngineSpec, 'limitClause' | 'genericType' | 'selectStar' | 'buildUri' | 'parametersFromTarget'>>;

const encode = encodeURIComponent;

/** Builds an EngineSpec from its dialect-specific parts, filling the shared behaviour. */
export function defineEngineSpec(definition: SpecDefinition): EngineSpec {
  const spec: EngineSpec = {
    ...definition,
    parametersSchema: definition.fileBased ? FILE_PARAMETERS_SCHEMA : NETWORK_PARAMETERS_SCHEMA,
    requiredParameters: definition.fileBased ? ['database'] : ['database', 'host', 'port', 'username'],
    placeholder: definition.paramStyle === 'numeric' ? (index: number) => `$${index}` : () => '?',
    timeGrainExpression(expression: string, grain: string | null | undefined): string {
      if (grain === null || grain === undefined || grain === '') return expression;
      // Own keys only: 'constructor' or '__proto__' from a request must not reach Object's prototype.
      const template = Object.hasOwn(definition.timeGrains, grain) ? definition.timeGrains[grain as TimeGrain] : undefined;
      if (!template) throw badRequest(`No grain spec for ${grain} for database ${definition.engineName}`);
      // A function, not a string: '$' sequences in the expression (a regex's '$'') are not replacement patterns.
      return template.replace(/\{col\}/g, () => expression);
    },
    limitClause:
      definition.limitClause ??
      ((limit, offset) => {
        let clause = '';
        if (limit !== null && limit !== undefined) clause += ` LIMIT ${Math.max(0, Math.trunc(limit))}`;
        if (offset) clause += `${limit === null || limit === undefined ? ' LIMIT -1' : ''} OFFSET ${Math.max(0, Math.trunc(offset))}`;
        return clause;
      }),
    genericType: definition.genericType ?? genericTypeOf,
    selectStar:
      definition.selectStar ??
      ((table: TableRef, columns: string[] | null, limit = 100) => {
        const quote = definition.quoteIdentifier;
        const name = [table.catalog, table.schema, table.name].filter((part): part is string => !!part).map(quote).join('.');
        const cols = columns && columns.length ? columns.map(quote).join(',\n       ') : '*';
        return `SELECT ${cols}\nFROM ${name}${limit ? `\nLIMIT ${limit}` : ''}`;
      }),
    buildUri:
      definition.buildUri ??
      ((params: ConnectionParameters) => {
        if (definition.fileBased) {
          const path = params.database ?? '';
          const query = new URLSearchParams(params.query ?? {}).toString();
          return `${definition.engine}:///${path}${query ? `?${query}` : ''}`;
        }
        const user = params.username ? encode(params.username) + (params.password ? `:${encode(params.password)}` : '') + '@' : '';
        const port = params.port !== undefined && params.port !== null && params.port !== '' ? `:${params.port}` : '';
        const query = { ...(params.query ?? {}) };
        if (params.encryption) Object.assign(query, definition.engine === 'postgresql' ? { sslmode: 'require' } : { ssl: 'true' });
        const queryText = new URLSearchParams(query).toString();
        return `${definition.engine}+${definition.defaultDriver}://${user}${params.host ?? ''}${port}/${encode(params.database ?? '')}${queryText ? `?${queryText}` : ''}`;
      }),
    parametersFromTarget:
      definition.parametersFromTarget ??
      ((target: ConnectTarget) => {
        if (definition.fileBased) return { database: target.database ?? '', query: target.query };
        const query = { ...target.query };
        const encryption = query.sslmode === 'require' || query.ssl === 'true';
        delete query.sslmode;
        delete query.ssl;
        return {
          host: target.host ?? '',
          port: target.port ?? definition.defaultPort ?? undefined,
          username: target.username ?? '',
          database: target.database ?? '',
          query,
          encryption,
        };
      }),
  };
  for (const grain of TIME_GRAINS) {
    if (!definition.timeGrains[grain]) throw new Error(`${definition.engine} engine spec lacks time grain ${grain}`);
  }
  return spec;
}

/** `'2020-01-02 03:04:05.678'` style literal for an epoch-ms instant (UTC). */
export const utcLiteral = (epochMs: number): string => stringLiteral(new Date(epochMs).toISOString().replace('T', ' ').replace('Z', ''));
