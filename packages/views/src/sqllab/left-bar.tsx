import { useEffect, useState } from 'react';
import { Select } from '../components/select';
import type { ToastStore } from '../components/toast-store';
import type { SchemaCache } from './schema-cache';
import type { SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { QueryEditor, SqlLabDatabase, TableSchema } from './sqllab-types';
import { TableSchemaPanel } from './table-schema-panel';
import type { TableActions } from './table-actions';
import { useTranslation } from '../i18n/locale-provider';

export interface LeftBarProps {
  tab: QueryEditor;
  databases: readonly SqlLabDatabase[];
  tables: readonly TableSchema[];
  api: SqlLabApi;
  cache: SchemaCache;
  toasts: ToastStore;
  tableActions: TableActions;
  onChange(changes: Partial<QueryEditor>): void;
  /** Schema names loaded for the selected database (autocomplete offers them too). */
  onSchemas(schemas: readonly string[]): void;
}

/**
 * The left bar: database (only those exposed in SQL Lab), catalog (multi-catalog databases), schema and
 * table pickers, then the schema panels of the tables added to the tab.
 */
export function LeftBar({ tab, databases, tables, api, cache, toasts, tableActions, onChange, onSchemas }: LeftBarProps) {
  const { t } = useTranslation();
  const database = databases.find((d) => d.id === tab.dbId) ?? null;
  const [catalogs, setCatalogs] = useState<string[]>([]);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [tableNames, setTableNames] = useState<{ value: string; type: string }[]>([]);

  useEffect(() => {
    setCatalogs([]);
    if (!database?.allow_multi_catalog) return;
    let live = true;
    api
      .catalogs(database.id)
      .then((list) => live && setCatalogs(list))
      .catch(() => live && toasts.danger(t(MESSAGES.catalogsFailed)));
    return () => void (live = false);
  }, [database?.id, database?.allow_multi_catalog, api, toasts]);

  useEffect(() => {
    setSchemas([]);
    if (tab.dbId == null) return;
    let live = true;
    cache
      .getSchemas(tab.dbId, tab.catalog)
      .then((list) => {
        if (!live) return;
        setSchemas(list);
        onSchemas(list);
      })
      .catch(() => live && toasts.danger(t(MESSAGES.schemasFailed)));
    return () => void (live = false);
  }, [tab.dbId, tab.catalog, cache, toasts]); // eslint-disable-line react-hooks/exhaustive-deps

  // A database with one obvious schema needs no extra click.
  useEffect(() => {
    if (tab.schema == null && schemas.length) onChange({ schema: schemas.includes('main') ? 'main' : schemas.includes('public') ? 'public' : schemas[0]! });
  }, [schemas, tab.schema]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setTableNames([]);
    if (tab.dbId == null || tab.schema == null) return;
    let live = true;
    cache
      .getTables(tab.dbId, tab.catalog, tab.schema)
      .then((list) => live && setTableNames(list))
      .catch(() => undefined);
    return () => void (live = false);
  }, [tab.dbId, tab.catalog, tab.schema, cache]);

  const tabTables = tables.filter((t) => t.queryEditorId === tab.id);
  return (
    <aside className="bi-sqllab__left" aria-label={t('Database explorer')}>
      <span className="bi-control__label">{t('Database')}</span>
      <Select
        label={t('Database')}
        options={databases.map((d) => ({ value: d.id, label: d.database_name }))}
        value={tab.dbId}
        onChange={(value) => value !== tab.dbId && onChange({ dbId: value as number, catalog: null, schema: null })}
        placeholder={t('Select a database')}
      />
      {database?.allow_multi_catalog && (
        <Select label={t('Catalog')} options={catalogs.map((c) => ({ value: c, label: c }))} value={tab.catalog} onChange={(value) => onChange({ catalog: (value as string) ?? null, schema: null })} />
      )}
      <span className="bi-control__label">{t('Schema')}</span>
      <Select label={t('Schema')} options={schemas.map((s) => ({ value: s, label: s }))} value={tab.schema} onChange={(value) => onChange({ schema: (value as string) ?? null })} placeholder={t('Select a schema')} />
      <span className="bi-control__label">{t('Table')}</span>
      <Select
        label={t('Table')}
        options={tableNames.map((t) => ({ value: t.value, label: t.value }))}
        value={null}
        onChange={(value) => {
          if (typeof value === 'string' && value) void tableActions.addTable(tab, value);
        }}
        placeholder={t('Add a table')}
      />
      <div className="bi-sqllab__tables">
        {tabTables.map((table) => (
          <TableSchemaPanel
            key={table.id}
            table={table}
            onExpand={() => void tableActions.expand(table)}
            onCollapse={() => void tableActions.collapse(table)}
            onRemove={() => void tableActions.removeTable(table)}
            onSelectStar={() => table.selectStar && onChange({ sql: table.selectStar })}
            onPreview={() => void tableActions.preview(table.id)}
          />
        ))}
      </div>
    </aside>
  );
}
