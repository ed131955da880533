import type { ApiClient } from '@lumen-bi/core';
import { tagFilterLoader } from './add-tag-modal';
import { CrossLinks } from './cross-links';
import { CertifiedMark, ModifiedCell, OwnersCell, ResourceCardBody, TagsCell, YES_NO, type ListUser } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { CardSortOption, ListColumn, ListFilterConfig, ListRow } from './list-types';
import { CHART_ADD_PATH } from '../create/create-paths';
import { ResourceList } from './resource-list';

/** A chart row of GET /api/v1/chart/. */
export interface ChartRow extends ListRow {
  slice_name: string;
  viz_type: string;
  url: string;
  datasource_name_text?: string | null;
  datasource_url?: string | null;
  dashboards?: { id: number; dashboard_title: string }[];
  owners?: ListUser[];
  tags?: { id: number; name: string; type?: string }[];
  certified_by?: string | null;
  certification_details?: string | null;
  description?: string | null;
  changed_on_delta_humanized?: string;
  changed_by?: ListUser | null;
}

export const dashboardHref = (id: number) => `/superset/dashboard/${id}/`;

export const CHART_COLUMNS: ListColumn<ChartRow>[] = [
  {
    id: 'slice_name',
    header: 'Name',
    sortable: true,
    render: (row) => (
      <>
        <CertifiedMark by={row.certified_by} details={row.certification_details} />
        <a href={row.url}>{row.slice_name}</a>
      </>
    ),
  },
  { id: 'viz_type', header: 'Type', sortable: true },
  { id: 'datasource_id', header: 'Dataset', sortable: true, render: (row) => (row.datasource_url ? <a href={row.datasource_url}>{row.datasource_name_text}</a> : row.datasource_name_text) },
  {
    id: 'dashboards',
    header: 'On dashboards',
    render: (row) => <CrossLinks links={(row.dashboards ?? []).map((d) => ({ title: d.dashboard_title, href: dashboardHref(d.id) }))} />,
  },
  { id: 'owners', header: 'Owners', render: (row) => <OwnersCell owners={row.owners} /> },
  { id: 'tags', header: 'Tags', render: (row) => <TagsCell tags={row.tags} /> },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
  { id: 'id', header: 'Id', hidden: true },
  { id: 'created_by', header: 'Created by', hidden: true },
];

/**
 * What the page shows: the incumbent's default chart columns also carry each chart's params and form_data
 * (most of a list's bytes), which the page never reads, so it asks for its own (select_columns).
 */
export const CHART_SELECT_COLUMNS: readonly string[] = [
  'id', 'slice_name', 'viz_type', 'url', 'datasource_name_text', 'datasource_url', 'dashboards.id', 'dashboards.dashboard_title', 'owners.id',
  'owners.first_name', 'owners.last_name', 'tags.id', 'tags.name', 'tags.type', 'certified_by', 'certification_details',
  'changed_on_delta_humanized', 'changed_by.id', 'changed_by.first_name', 'changed_by.last_name',
];

export const chartFilters = (client: ApiClient): ListFilterConfig[] => [
  { kind: 'search', key: 'search', id: 'slice_name', label: 'Search', operator: 'chart_all_text' },
  { kind: 'select', id: 'owners', label: 'Owner', operator: 'rel_m_m', lookup: { source: 'related', column: 'owners' } },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
  { kind: 'select', id: 'viz_type', label: 'Type', operator: 'eq', lookup: { source: 'distinct', column: 'viz_type' } },
  { kind: 'select', id: 'dashboards', label: 'Dashboard', operator: 'rel_m_m', lookup: { source: 'related', column: 'dashboards' } },
  { kind: 'select', key: 'favorite', id: 'id', label: 'Favorite', operator: 'chart_is_favorite', options: YES_NO },
  { kind: 'select', key: 'certified', id: 'id', label: 'Certified', operator: 'chart_is_certified', options: YES_NO },
  { kind: 'select', id: 'tags', label: 'Tag', operator: 'chart_tags', load: tagFilterLoader(client) },
];

export const CARD_SORTS = (nameColumn: string): CardSortOption[] => [
  { label: 'Alphabetical', column: nameColumn, order: 'asc' },
  { label: 'Recently modified', column: 'changed_on_delta_humanized', order: 'desc' },
  { label: 'Least recently modified', column: 'changed_on_delta_humanized', order: 'asc' },
];

/**
 * The charts list (/chart/list/): cards or table, filters (search, owner, created by, type, dashboard,
 * favourite, certified, tag), favourite stars, cross-links to dashboards, delete, export, import and bulk tagging.
 */
export function ChartList({ client, toasts, search, onUrlChange, upload }: ListPageProps) {
  return (
    <ResourceList<ChartRow>
      client={client}
      toasts={toasts}
      upload={upload}
      resource="chart"
      title="Charts"
      plural="charts"
      tagType="chart"
      importLabel="chart"
      titleOf={(row) => row.slice_name}
      columns={CHART_COLUMNS}
      selectColumns={CHART_SELECT_COLUMNS}
      filters={chartFilters(client)}
      initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
      cardSortOptions={CARD_SORTS('slice_name')}
      search={search}
      onUrlChange={onUrlChange}
      favorites
      createAction={{ label: '+ Chart', href: CHART_ADD_PATH }}
      renderCard={(row, actions, favoriteStar) => <ResourceCardBody row={row} title={row.slice_name} meta={row.viz_type} favoriteStar={favoriteStar} actions={actions} />}
    />
  );
}
