import type { ApiClient } from '@lumen-bi/core';
import { tagFilterLoader } from './add-tag-modal';
import { CARD_SORTS } from './chart-list';
import { CertifiedMark, ModifiedCell, OwnersCell, ResourceCardBody, TagsCell, YES_NO, type ListUser } from './list-cells';
import type { ListPageProps } from './list-page-props';
import type { ListColumn, ListFilterConfig, ListRow } from './list-types';
import { DASHBOARD_NEW_PATH } from '../create/create-paths';
import { ResourceList } from './resource-list';

/** A dashboard row of GET /api/v1/dashboard/. */
export interface DashboardRow extends ListRow {
  dashboard_title: string;
  url: string;
  slug?: string | null;
  published: boolean;
  status?: string;
  owners?: ListUser[];
  tags?: { id: number; name: string; type?: string }[];
  certified_by?: string | null;
  certification_details?: string | null;
  changed_on_delta_humanized?: string;
  changed_by?: ListUser | null;
}

export const DASHBOARD_COLUMNS: ListColumn<DashboardRow>[] = [
  {
    id: 'dashboard_title',
    header: 'Name',
    sortable: true,
    render: (row) => (
      <>
        <CertifiedMark by={row.certified_by} details={row.certification_details} />
        <a href={row.url}>{row.dashboard_title}</a>
      </>
    ),
  },
  { id: 'published', header: 'Status', sortable: true, render: (row) => (row.published ? 'Published' : 'Draft') },
  { id: 'owners', header: 'Owners', render: (row) => <OwnersCell owners={row.owners} /> },
  { id: 'tags', header: 'Tags', render: (row) => <TagsCell tags={row.tags} /> },
  { id: 'changed_on_delta_humanized', header: 'Last modified', sortable: true, render: (row) => <ModifiedCell row={row} /> },
  { id: 'id', header: 'Id', hidden: true },
  { id: 'created_by', header: 'Created by', hidden: true },
];

export const dashboardFilters = (client: ApiClient): ListFilterConfig[] => [
  { kind: 'search', key: 'search', id: 'dashboard_title', label: 'Search', operator: 'title_or_slug' },
  { kind: 'select', id: 'owners', label: 'Owner', operator: 'rel_m_m', lookup: { source: 'related', column: 'owners' } },
  { kind: 'select', id: 'created_by', label: 'Created by', operator: 'rel_o_m', lookup: { source: 'related', column: 'created_by' } },
  {
    kind: 'select',
    id: 'published',
    label: 'Status',
    operator: 'eq',
    options: [
      { label: 'Published', value: true },
      { label: 'Draft', value: false },
    ],
  },
  { kind: 'select', key: 'favorite', id: 'id', label: 'Favorite', operator: 'dashboard_is_favorite', options: YES_NO },
  { kind: 'select', key: 'certified', id: 'id', label: 'Certified', operator: 'dashboard_is_certified', options: YES_NO },
  { kind: 'select', id: 'tags', label: 'Tag', operator: 'dashboard_tags', load: tagFilterLoader(client) },
];

/** The dashboards list (/dashboard/list/), with favourite stars on cards and rows. */
export function DashboardList({ client, toasts, search, onUrlChange, upload }: ListPageProps) {
  return (
    <ResourceList<DashboardRow>
      client={client}
      toasts={toasts}
      upload={upload}
      resource="dashboard"
      title="Dashboards"
      plural="dashboards"
      tagType="dashboard"
      importLabel="dashboard"
      titleOf={(row) => row.dashboard_title}
      columns={DASHBOARD_COLUMNS}
      filters={dashboardFilters(client)}
      initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
      cardSortOptions={CARD_SORTS('dashboard_title')}
      search={search}
      onUrlChange={onUrlChange}
      favorites
      createAction={{ label: '+ Dashboard', href: DASHBOARD_NEW_PATH }}
      renderCard={(row, actions, favoriteStar) => <ResourceCardBody row={row} title={row.dashboard_title} meta={row.published ? 'Published' : 'Draft'} favoriteStar={favoriteStar} actions={actions} />}
    />
  );
}
