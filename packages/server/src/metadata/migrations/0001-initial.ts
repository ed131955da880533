import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MetadataDialect } from '../connect';

/**
 * The initial metadata schema (see schema.ts for the field meanings). Written with Kysely's schema builder
 * so one definition serves SQLite and PostgreSQL; only the identity column differs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

export function initialMigration(dialect: MetadataDialect) {
  const id = (t: Table) =>
    dialect === 'postgresql'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const audited = (t: Table) =>
    t
      .addColumn('created_on', 'text', (c) => c.notNull())
      .addColumn('changed_on', 'text', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'));
  const bool = (name: string, value = 0) => (t: Table) =>
    t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
  const text = (name: string, build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) => (t: Table) =>
    t.addColumn(name, 'text', build ?? ((c) => c));
  const int = (name: string, build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) => (t: Table) =>
    t.addColumn(name, 'integer', build ?? ((c) => c));
  const big = (name: string) => (t: Table) => t.addColumn(name, dialect === 'postgresql' ? 'double precision' : 'real');
  const apply = (t: Table, ...parts: ((t: Table) => Table)[]) => parts.reduce((acc, part) => part(acc), t);
  const link = (db: AnyDb, table: string, left: [string, string], right: [string, string]) =>
    db.schema
      .createTable(table)
      .addColumn(left[0], 'integer', (c) => c.notNull().references(`${left[1]}.id`).onDelete('cascade'))
      .addColumn(right[0], 'integer', (c) => c.notNull().references(`${right[1]}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, [left[0], right[0]] as never)
      .execute();

  return {
    async up(db: AnyDb): Promise<void> {
      await apply(
        db.schema.createTable('ab_user') as Table,
        id,
        text('username', (c) => c.notNull().unique()),
        text('first_name', (c) => c.notNull().defaultTo('')),
        text('last_name', (c) => c.notNull().defaultTo('')),
        text('email', (c) => c.notNull()),
        text('password_hash'),
        bool('active', 1),
        int('login_count', (c) => c.notNull().defaultTo(0)),
        text('last_login'),
        text('created_on', (c) => c.notNull()),
        text('changed_on', (c) => c.notNull()),
      ).execute();
      await apply(db.schema.createTable('ab_role') as Table, id, text('name', (c) => c.notNull().unique())).execute();
      await link(db, 'ab_user_role', ['user_id', 'ab_user'], ['role_id', 'ab_role']);
      await apply(db.schema.createTable('ab_permission_view') as Table, id, text('permission', (c) => c.notNull()), text('view_menu', (c) => c.notNull()))
        .addUniqueConstraint('ab_permission_view_uq', ['permission', 'view_menu'] as never)
        .execute();
      await link(db, 'ab_permission_view_role', ['permission_view_id', 'ab_permission_view'], ['role_id', 'ab_role']);
      await db.schema
        .createTable('user_session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('ab_user.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_on', 'text', (c) => c.notNull())
        .addColumn('expires_on', 'text', (c) => c.notNull())
        .execute();

      await apply(
        db.schema.createTable('dbs') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        text('database_name', (c) => c.notNull().unique()),
        text('sqlalchemy_uri', (c) => c.notNull()),
        text('password'),
        text('backend', (c) => c.notNull()),
        bool('expose_in_sqllab', 1),
        bool('allow_run_async'),
        bool('allow_dml'),
        bool('allow_ctas'),
        bool('allow_cvas'),
        bool('allow_file_upload'),
        bool('allow_multi_catalog'),
        bool('disable_data_preview'),
        int('cache_timeout'),
        text('force_ctas_schema'),
        bool('impersonate_user'),
        text('configuration_method', (c) => c.notNull().defaultTo('sqlalchemy_form')),
        text('extra'),
        text('encrypted_extra'),
        text('server_cert'),
        bool('is_managed_externally'),
        text('external_url'),
        audited,
      ).execute();

      await apply(
        db.schema.createTable('tables') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        text('table_name', (c) => c.notNull()),
        int('database_id', (c) => c.notNull().references('dbs.id').onDelete('cascade')),
        text('catalog'),
        text('schema'),
        text('sql'),
        text('description'),
        text('main_dttm_col'),
        bool('filter_select_enabled', 1),
        text('fetch_values_predicate'),
        bool('normalize_columns'),
        bool('always_filter_main_dttm'),
        int('offset', (c) => c.notNull().defaultTo(0)),
        text('default_endpoint'),
        int('cache_timeout'),
        bool('is_sqllab_view'),
        text('template_params'),
        text('extra'),
        bool('is_managed_externally'),
        text('external_url'),
        audited,
      ).execute();
      // The incumbent's uniqueness: one dataset per (database, catalog, schema, table_name).
      await db.schema.createIndex('tables_name_uq').on('tables').columns(['database_id', 'schema', 'table_name']).unique().execute();
      await link(db, 'sqlatable_user', ['dataset_id', 'tables'], ['user_id', 'ab_user']);
      await apply(
        db.schema.createTable('table_columns') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        int('table_id', (c) => c.notNull().references('tables.id').onDelete('cascade')),
        text('column_name', (c) => c.notNull()),
        text('type'),
        text('advanced_data_type'),
        text('verbose_name'),
        text('description'),
        text('expression'),
        bool('filterable', 1),
        bool('groupby', 1),
        bool('is_active', 1),
        bool('is_dttm'),
        text('python_date_format'),
        text('extra'),
        audited,
      )
        .addUniqueConstraint('table_columns_uq', ['table_id', 'column_name'] as never)
        .execute();
      await apply(
        db.schema.createTable('sql_metrics') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        int('table_id', (c) => c.notNull().references('tables.id').onDelete('cascade')),
        text('metric_name', (c) => c.notNull()),
        text('metric_type'),
        text('expression', (c) => c.notNull()),
        text('description'),
        text('d3format'),
        text('currency'),
        text('verbose_name'),
        text('warning_text'),
        text('extra'),
        audited,
      )
        .addUniqueConstraint('sql_metrics_uq', ['table_id', 'metric_name'] as never)
        .execute();

      await apply(
        db.schema.createTable('slices') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        text('slice_name', (c) => c.notNull()),
        text('viz_type', (c) => c.notNull()),
        int('datasource_id'),
        text('datasource_type'),
        text('params'),
        text('query_context'),
        text('description'),
        int('cache_timeout'),
        text('certified_by'),
        text('certification_details'),
        bool('is_managed_externally'),
        text('external_url'),
        text('last_saved_at'),
        int('last_saved_by_fk', (c) => c.references('ab_user.id').onDelete('set null')),
        audited,
      ).execute();
      await link(db, 'slice_user', ['slice_id', 'slices'], ['user_id', 'ab_user']);

      await apply(
        db.schema.createTable('dashboards') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        text('dashboard_title', (c) => c.notNull()),
        text('slug', (c) => c.unique()),
        text('css'),
        text('description'),
        text('json_metadata'),
        text('position_json'),
        bool('published'),
        text('certified_by'),
        text('certification_details'),
        bool('is_managed_externally'),
        text('external_url'),
        audited,
      ).execute();
      await link(db, 'dashboard_user', ['dashboard_id', 'dashboards'], ['user_id', 'ab_user']);
      await link(db, 'dashboard_roles', ['dashboard_id', 'dashboards'], ['role_id', 'ab_role']);
      await link(db, 'dashboard_slices', ['dashboard_id', 'dashboards'], ['slice_id', 'slices']);
      await db.schema
        .createTable('embedded_dashboards')
        .addColumn('uuid', 'text', (c) => c.primaryKey())
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().unique().references('dashboards.id').onDelete('cascade'))
        .addColumn('allowed_domains', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_on', 'text', (c) => c.notNull())
        .addColumn('changed_on', 'text', (c) => c.notNull())
        .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
        .execute();

      await apply(
        db.schema.createTable('saved_query') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        int('user_id', (c) => c.references('ab_user.id').onDelete('cascade')),
        int('db_id', (c) => c.notNull().references('dbs.id').onDelete('cascade')),
        text('catalog'),
        text('schema'),
        text('label', (c) => c.notNull()),
        text('description'),
        text('sql', (c) => c.notNull()),
        text('template_parameters'),
        text('extra_json'),
        int('rows'),
        text('last_run'),
        audited,
      ).execute();

      await apply(
        db.schema.createTable('query') as Table,
        id,
        text('client_id', (c) => c.notNull().unique()),
        int('database_id', (c) => c.notNull().references('dbs.id').onDelete('cascade')),
        int('user_id', (c) => c.references('ab_user.id').onDelete('cascade')),
        text('tmp_table_name'),
        text('tmp_schema_name'),
        text('status', (c) => c.notNull()),
        text('tab_name'),
        text('sql_editor_id'),
        text('catalog'),
        text('schema'),
        text('sql', (c) => c.notNull()),
        text('select_sql'),
        text('executed_sql'),
        int('limit'),
        text('limiting_factor'),
        bool('select_as_cta'),
        bool('select_as_cta_used'),
        text('ctas_method'),
        int('progress', (c) => c.notNull().defaultTo(0)),
        int('rows'),
        text('error_message'),
        text('results_key'),
        big('start_time'),
        big('start_running_time'),
        big('end_time'),
        big('end_result_backend_time'),
        text('tracking_url'),
        text('extra_json'),
        text('changed_on', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('query_user_changed').on('query').columns(['user_id', 'changed_on']).execute();

      await apply(
        db.schema.createTable('tab_state') as Table,
        id,
        int('user_id', (c) => c.notNull().references('ab_user.id').onDelete('cascade')),
        text('label', (c) => c.notNull()),
        bool('active'),
        int('database_id', (c) => c.references('dbs.id').onDelete('set null')),
        text('catalog'),
        text('schema'),
        text('sql'),
        int('query_limit'),
        text('latest_query_id'),
        bool('autorun'),
        text('template_params'),
        bool('hide_left_bar'),
        int('saved_query_id', (c) => c.references('saved_query.id').onDelete('set null')),
        text('extra_json'),
        text('created_on', (c) => c.notNull()),
        text('changed_on', (c) => c.notNull()),
      ).execute();
      await apply(
        db.schema.createTable('table_schema') as Table,
        id,
        int('tab_state_id', (c) => c.notNull().references('tab_state.id').onDelete('cascade')),
        int('database_id', (c) => c.notNull().references('dbs.id').onDelete('cascade')),
        text('catalog'),
        text('schema'),
        text('table', (c) => c.notNull()),
        text('description'),
        bool('expanded', 1),
        text('created_on', (c) => c.notNull()),
        text('changed_on', (c) => c.notNull()),
      ).execute();

      await apply(
        db.schema.createTable('tag') as Table,
        id,
        text('name', (c) => c.notNull().unique()),
        text('type', (c) => c.notNull().defaultTo('custom')),
        text('description'),
        audited,
      ).execute();
      await apply(
        db.schema.createTable('tagged_object') as Table,
        id,
        int('tag_id', (c) => c.notNull().references('tag.id').onDelete('cascade')),
        int('object_id', (c) => c.notNull()),
        text('object_type', (c) => c.notNull()),
        text('created_on', (c) => c.notNull()),
        int('created_by_fk', (c) => c.references('ab_user.id').onDelete('set null')),
      )
        .addUniqueConstraint('tagged_object_uq', ['tag_id', 'object_id', 'object_type'] as never)
        .execute();
      await apply(
        db.schema.createTable('favstar') as Table,
        id,
        int('user_id', (c) => c.notNull().references('ab_user.id').onDelete('cascade')),
        text('class_name', (c) => c.notNull()),
        int('obj_id', (c) => c.notNull()),
        text('dttm', (c) => c.notNull()),
      )
        .addUniqueConstraint('favstar_uq', ['user_id', 'class_name', 'obj_id'] as never)
        .execute();

      await apply(
        db.schema.createTable('report_schedule') as Table,
        id,
        text('type', (c) => c.notNull()),
        text('name', (c) => c.notNull()),
        text('description'),
        text('context_markdown'),
        bool('active', 1),
        text('crontab', (c) => c.notNull()),
        text('timezone', (c) => c.notNull().defaultTo('UTC')),
        text('creation_method', (c) => c.notNull().defaultTo('alerts_reports')),
        text('report_format', (c) => c.notNull().defaultTo('PNG')),
        text('sql'),
        int('chart_id', (c) => c.references('slices.id').onDelete('cascade')),
        int('dashboard_id', (c) => c.references('dashboards.id').onDelete('cascade')),
        int('database_id', (c) => c.references('dbs.id').onDelete('cascade')),
        text('last_eval_dttm'),
        text('last_state', (c) => c.notNull().defaultTo('Not triggered')),
        big('last_value'),
        text('last_value_row_json'),
        text('validator_type'),
        text('validator_config_json'),
        int('log_retention', (c) => c.notNull().defaultTo(90)),
        int('grace_period', (c) => c.notNull().defaultTo(14400)),
        int('working_timeout', (c) => c.notNull().defaultTo(3600)),
        bool('force_screenshot'),
        int('custom_width'),
        text('extra'),
        audited,
      )
        .addUniqueConstraint('report_schedule_name_type_uq', ['name', 'type'] as never)
        .execute();
      await apply(
        db.schema.createTable('report_recipient') as Table,
        id,
        text('type', (c) => c.notNull()),
        text('recipient_config_json', (c) => c.notNull()),
        int('report_schedule_id', (c) => c.notNull().references('report_schedule.id').onDelete('cascade')),
      ).execute();
      await link(db, 'report_schedule_user', ['report_schedule_id', 'report_schedule'], ['user_id', 'ab_user']);
      await apply(
        db.schema.createTable('report_execution_log') as Table,
        id,
        text('uuid', (c) => c.notNull()),
        int('report_schedule_id', (c) => c.notNull().references('report_schedule.id').onDelete('cascade')),
        text('scheduled_dttm', (c) => c.notNull()),
        text('start_dttm'),
        text('end_dttm'),
        big('value'),
        text('value_row_json'),
        text('state', (c) => c.notNull()),
        text('error_message'),
      ).execute();

      await apply(
        db.schema.createTable('logs') as Table,
        id,
        text('action', (c) => c.notNull()),
        int('user_id', (c) => c.references('ab_user.id').onDelete('set null')),
        int('dashboard_id'),
        int('slice_id'),
        text('json'),
        text('dttm', (c) => c.notNull()),
        int('duration_ms'),
        text('referrer'),
      ).execute();
      await db.schema.createIndex('logs_user_dttm').on('logs').columns(['user_id', 'dttm']).execute();

      await apply(
        db.schema.createTable('key_value') as Table,
        id,
        text('uuid', (c) => c.notNull().unique()),
        text('resource', (c) => c.notNull()),
        text('value', (c) => c.notNull()),
        text('created_on', (c) => c.notNull()),
        int('created_by_fk', (c) => c.references('ab_user.id').onDelete('set null')),
        text('changed_on'),
        int('changed_by_fk', (c) => c.references('ab_user.id').onDelete('set null')),
        text('expires_on'),
      ).execute();

      await apply(
        db.schema.createTable('row_level_security_filters') as Table,
        id,
        text('name', (c) => c.notNull().unique()),
        text('description'),
        text('filter_type', (c) => c.notNull().defaultTo('Regular')),
        text('group_key'),
        text('clause', (c) => c.notNull()),
        audited,
      ).execute();
      await link(db, 'rls_filter_roles', ['rls_filter_id', 'row_level_security_filters'], ['role_id', 'ab_role']);
      await link(db, 'rls_filter_tables', ['rls_filter_id', 'row_level_security_filters'], ['table_id', 'tables']);
      void sql;
    },
  };
}
