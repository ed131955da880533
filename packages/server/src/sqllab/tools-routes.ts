import type { FastifyInstance } from 'fastify';
import { format, type SqlLanguage } from 'sql-formatter';
import { getConnection } from '../engines';
import { badRequest, ErrorType, LumenError } from '../errors';
import { GUEST_WITH_SQLLAB_GRANT, loadSqlLabDatabase, requireSqlLab } from './access';
import { estimateCost } from './estimate';
import { assertAllowed } from './guard';
import { splitScript } from './prepare';
import { parseTemplateParamsOrNull, renderTemplate } from './template';
import { validateSql } from './validate';
import { toBool } from '../metadata/connect';

/** POST /api/v1/sqllab/format_sql/, /api/v1/sqllab/estimate/ and /api/v1/database/{pk}/validate_sql/. */
const LANGUAGES: Record<string, SqlLanguage> = {
  duckdb: 'duckdb',
  postgresql: 'postgresql',
  postgres: 'postgresql',
  sqlite: 'sqlite',
  mysql: 'mysql',
  mariadb: 'mariadb',
};

const requireSql = (value: unknown): string => {
  if (typeof value !== 'string' || !value.trim()) throw badRequest('sql: Missing data for required field.', { sql: ['Missing data for required field.'] });
  return value;
};

export async function registerToolRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.post<{ Body: { sql?: unknown; engine?: unknown; database_id?: unknown } }>('/api/v1/sqllab/format_sql/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const user = requireSqlLab(request);
    const body = request.body ?? {};
    const sql = requireSql(body.sql);
    let engine = typeof body.engine === 'string' ? body.engine.toLowerCase() : null;
    if (!engine && body.database_id !== undefined && body.database_id !== null) engine = (await loadSqlLabDatabase(ctx, body.database_id, user)).backend;
    try {
      // Template placeholders stay verbatim: they are parameters to the formatter, not SQL.
      const result = format(sql, { language: LANGUAGES[engine ?? ''] ?? 'sql', keywordCase: 'upper', paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}` }] } });
      return { result };
    } catch (error) {
      throw new LumenError(400, `Unable to format the SQL: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, ErrorType.INVALID_SQL_ERROR);
    }
  });

  app.post<{ Body: { database_id?: unknown; sql?: unknown; template_params?: unknown; catalog?: unknown; schema?: unknown } }>('/api/v1/sqllab/estimate/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const user = requireSqlLab(request);
    const body = request.body ?? {};
    const sql = requireSql(body.sql);
    if (body.database_id === undefined || body.database_id === null) throw badRequest('database_id: Missing data for required field.', { database_id: ['Missing data for required field.'] });
    const database = await loadSqlLabDatabase(ctx, body.database_id, user);
    // Spec 3 §5: unparseable template params become {} for a cost estimate.
    const params = parseTemplateParamsOrNull(body.template_params) ?? {};
    const rendered = renderTemplate(sql, params, { id: user.id, username: user.username, email: user.email }, database.backend);
    // EXPLAIN binds table functions (and so opens files): the file guard applies; DML is only explained.
    const statements = await assertAllowed(rendered, splitScript(rendered, database.backend), database, true);
    const client = await getConnection(ctx, database);
    return { result: await estimateCost(client, database.backend, statements) };
  });

  app.post<{ Params: { pk: string }; Body: { sql?: unknown; template_params?: unknown; catalog?: unknown; schema?: unknown } }>(
    '/api/v1/database/:pk/validate_sql/',
    { config: GUEST_WITH_SQLLAB_GRANT },
    async (request) => {
      const user = requireSqlLab(request);
      const body = request.body ?? {};
      const sql = requireSql(body.sql);
      const database = await loadSqlLabDatabase(ctx, request.params.pk, user);
      // Spec 3 §5: unparseable template params are omitted on validation.
      const params = parseTemplateParamsOrNull(body.template_params) ?? {};
      let rendered: string;
      try {
        rendered = renderTemplate(sql, params, { id: user.id, username: user.username, email: user.email }, database.backend);
      } catch (error) {
        if (error instanceof LumenError) return { result: [{ line_number: 1, start_column: 1, end_column: 1, message: error.message }] };
        throw error;
      }
      const client = await getConnection(ctx, database);
      const { annotations: result, statements } = await validateSql(client, database, rendered);
      if (!toBool(database.allow_dml)) {
        const mutating = statements.find((s) => s.mutating);
        if (mutating && !result.length) {
          const line = rendered.slice(0, mutating.start).split('\n').length;
          result.push({ line_number: line, start_column: 1, end_column: mutating.keyword.length || 1, message: 'This database does not allow for DDL/DML.' });
        }
      }
      return { result };
    },
  );
}
