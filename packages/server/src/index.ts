export { buildApp, type BuildAppOptions } from './app';
export { loadConfig, isFeatureEnabled, ConfigError, FEATURE_FLAGS, type FeatureFlag, type LumenConfig } from './config';
export { type AppContext } from './context';
export { ErrorType, LumenError, type StructuredError } from './errors';
export { openMetadataStore, type MetadataStore } from './metadata/connect';
export { migrateToLatest } from './metadata/migrate';
export { prepareServer, type PreparedServer } from './server';
