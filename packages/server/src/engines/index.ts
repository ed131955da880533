/**
 * The engine layer: engine specs (dialect facts), URI parsing and the per-database connection pools.
 * Other domains import from here only.
 */
export { parseDatabaseUri, parseConnectTarget, maskUriPassword, INVALID_URI_MESSAGE, type ParsedDatabaseUri } from './uri';
export { ENGINE_SPECS, PREFERRED_ENGINES, getEngineSpec, findEngineSpec } from './registry';
export {
  getConnection,
  closeConnection,
  closeAllConnections,
  connectTargetOf,
  withTemporaryConnection,
  type ConnectableDatabase,
} from './connections';
export { getDuckDBInstance, releaseDuckDBInstance } from './duckdb';
export { isReadOnlyDatabase, assertReadOnlySetting } from './read-only-setting';
export { executeColumns } from './columnar';
export { EngineError, genericTypeOf, isDttmType, convertTemporal, parseTemporalText } from './common';
export {
  TIME_GRAINS,
  TIME_GRAIN_NAMES,
  type TimeGrain,
  type GenericType,
  type EngineSpec,
  type EngineClient,
  type ExecuteOptions,
  type ExecuteResult,
  type ColumnarResult,
  type ResultColumn,
  type ColumnMetadata,
  type TableRef,
  type TableListItem,
  type TransactionRun,
  type TransactionAppend,
  type ConnectTarget,
  type ConnectionParameters,
} from './types';
