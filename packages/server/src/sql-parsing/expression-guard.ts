import { checkDuckdbExpression } from './duckdb-expression';
import { type CheckedExpression, type ExpressionScope, invalidExpression } from './expression-policy';
import { checkNodeSqlExpression } from './node-sql-expression';
import { checkPostgresExpression } from './postgres-expression';

/**
 * The one entry point for user-written SQL expressions: picks the parser of the target engine's dialect.
 * An engine without a parser here gets no user SQL at all.
 */
export async function checkExpression(engine: string, fragment: string, scope: ExpressionScope): Promise<CheckedExpression> {
  switch (engine) {
    case 'postgresql':
      return checkPostgresExpression(fragment, scope);
    case 'duckdb':
      return checkDuckdbExpression(fragment, scope);
    case 'mysql':
    case 'sqlite':
      return checkNodeSqlExpression(engine, fragment, scope);
    default:
      throw invalidExpression(scope.kind, `custom SQL is not supported on ${engine} databases`, fragment);
  }
}
