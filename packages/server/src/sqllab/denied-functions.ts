/**
 * What SQL Lab refuses by name, per engine, after a parser has resolved the name (quotes removed, unicode
 * escapes decoded, schema qualification dropped: `pg_catalog."pg_read_fil\0065"` is `pg_read_file`).
 *
 * Why a deny-list and not an allow-list: SQL Lab is an IDE for people granted a database; they legitimately
 * call any of the engine's hundreds of functions and their own user-defined ones, so an allow-list would
 * either be incomplete (refusing honest queries) or so long nobody could review it. What SQL Lab must never
 * grant is narrower and enumerable by class: (1) reaching outside the database — server files, programs,
 * other servers, environment; (2) running SQL built from a string at run time, which no parser can see
 * before it runs (query_to_xml, query(), dblink, PREPARE ... FROM); (3) changing the server's or the
 * session's security settings. Each engine's functions of those classes are listed below, and statements of
 * those classes (COPY, DO, CREATE FUNCTION, LOAD, ATTACH ...) are refused by statement type. The database
 * role SQL Lab connects as is the second wall (docs/security.md): a read-only role without
 * pg_read_server_files / FILE privilege makes an omission here harmless.
 */

/** DuckDB: table functions and scalars that read files, other databases, the network or the environment. */
export const DUCKDB_DENIED = new Set([
  'read_csv', 'read_csv_auto', 'sniff_csv', 'read_parquet', 'parquet_scan', 'parquet_metadata', 'parquet_schema',
  'parquet_file_metadata', 'parquet_kv_metadata', 'parquet_bloom_probe', 'read_json', 'read_json_auto', 'read_json_objects',
  'read_json_objects_auto', 'read_ndjson', 'read_ndjson_auto', 'read_ndjson_objects', 'read_text', 'read_blob', 'read_xlsx',
  'glob', 'st_read', 'st_read_meta', 'st_readosm', 'st_readshp', 'iceberg_scan', 'iceberg_metadata', 'iceberg_snapshots',
  'delta_scan', 'read_avro', 'sqlite_scan', 'sqlite_attach', 'sqlite_query', 'postgres_scan', 'postgres_scan_pushdown',
  'postgres_attach', 'postgres_query', 'postgres_execute', 'mysql_scan', 'mysql_query', 'mysql_execute', 'http_get',
  'http_post', 'getenv', 'duckdb_secrets', 'which_secret', 'load_aws_credentials', 'duckdb_extensions',
  // Run SQL from a string: what they run is invisible to the parser.
  'query', 'query_table',
]);

/** PostgreSQL: server files, programs, large objects (file import/export), other servers, SQL from strings. */
export const POSTGRESQL_DENIED = new Set([
  'pg_read_file', 'pg_read_binary_file', 'pg_ls_dir', 'pg_stat_file', 'pg_ls_logdir', 'pg_ls_waldir', 'pg_ls_tmpdir',
  'pg_ls_archive_statusdir', 'pg_ls_logicalsnapdir', 'pg_ls_logicalmapdir', 'pg_ls_replslotdir', 'pg_current_logfile',
  'lo_import', 'lo_export', 'lo_get', 'lo_put', 'lo_from_bytea', 'lo_open', 'lo_create', 'lo_unlink', 'lo_truncate',
  'loread', 'lowrite', 'pg_file_write', 'pg_file_rename', 'pg_file_unlink', 'pg_file_sync', 'pg_logdir_ls',
  'dblink', 'dblink_exec', 'dblink_connect', 'dblink_connect_u', 'dblink_send_query', 'dblink_get_result', 'dblink_open',
  'dblink_fetch', 'dblink_build_sql_insert', 'dblink_build_sql_update', 'dblink_build_sql_delete',
  // SQL from a string (query_to_xml and relatives; the table/schema/database ones expand a name into queries).
  'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'cursor_to_xml', 'cursor_to_xmlschema',
  'table_to_xml', 'table_to_xmlschema', 'table_to_xml_and_xmlschema', 'schema_to_xml', 'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema', 'database_to_xml', 'database_to_xmlschema', 'database_to_xml_and_xmlschema',
  // Server and session control.
  'set_config', 'pg_reload_conf', 'pg_rotate_logfile', 'pg_terminate_backend', 'pg_cancel_backend', 'pg_promote',
  'pg_switch_wal', 'pg_create_restore_point', 'pg_backup_start', 'pg_backup_stop', 'pg_log_backend_memory_contexts',
]);

/** MariaDB: server files and the usual command-running UDFs. */
export const MARIADB_DENIED = new Set(['load_file', 'sys_exec', 'sys_eval', 'sys_get', 'sys_set', 'lib_mysqludf_sys_info']);

/** SQLite: extensions and the fileio functions of the sqlite3 shell (if ever linked in). */
export const SQLITE_DENIED = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fsdir', 'zipfile', 'sqlite_attach', 'sqlite_detach']);

/** Functions with side effects a "read-only" SELECT may call: they make the statement mutating (needs allow_dml). */
export const MUTATING_FUNCTIONS = new Set([
  'nextval', 'setval', 'pg_advisory_lock', 'pg_try_advisory_lock', 'pg_advisory_xact_lock', 'txid_current', 'pg_current_xact_id',
  'get_lock', 'release_lock', 'release_all_locks',
]);

/** DuckDB settings that widen what the engine may touch; SET/RESET/PRAGMA of them is refused. */
export const DUCKDB_SECURITY_SETTINGS = new Set([
  'enable_external_access', 'allowed_directories', 'allowed_paths', 'lock_configuration', 'allow_unsigned_extensions',
  'allow_community_extensions', 'autoinstall_known_extensions', 'autoload_known_extensions', 'custom_extension_repository',
  'autoinstall_extension_repository', 'extension_directory', 'home_directory', 'temp_directory', 'secret_directory',
  'allow_persistent_secrets', 'disabled_filesystems', 'enable_http_metadata_cache',
]);

/** PostgreSQL settings that change who the session is, what code it loads or how it lexes; SET/RESET refused. */
export const POSTGRESQL_IDENTITY_SETTINGS = new Set([
  'role', 'session_authorization',
  // Libraries loaded into the server at the next session start (also via ALTER ROLE ... SET).
  'local_preload_libraries', 'session_preload_libraries', 'shared_preload_libraries', 'dynamic_library_path',
  // Settings that change how the server lexes later statements of a pooled session (backslashes in '…',
  // multi-byte encodings whose trailing byte is a backslash): the parser here assumes the defaults.
  'standard_conforming_strings', 'backslash_quote', 'client_encoding',
]);

/** The deny-list for a backend name (aliases as in the engine registry). */
export function deniedFunctions(backend: string): Set<string> {
  switch (backend) {
    case 'duckdb':
      return DUCKDB_DENIED;
    case 'postgresql':
      return POSTGRESQL_DENIED;
    case 'mysql':
      return MARIADB_DENIED;
    default:
      return SQLITE_DENIED;
  }
}
