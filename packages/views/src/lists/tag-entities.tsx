import { getClientErrorMessage } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import { TAGS_PATH } from '../create/create-paths';
import { Toasts } from '../components/toasts';
import { CHART_COLUMNS } from './chart-list';
import { DASHBOARD_COLUMNS } from './dashboard-list';
import type { ListPageProps } from './list-page-props';
import { ListView } from './list-view';
import { SAVED_QUERY_COLUMNS } from './saved-query-list';

/** The tag page's id, from `?id=` (spec 2 §2: /superset/all_entities/?id={id}). */
export const tagIdFrom = (search: string): number | null => {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The tag entity page: the tag's name and description, then the dashboards, charts and saved queries
 * carrying it, each a table list filtered by the tag (their state is not kept in the address, which holds
 * the tag id, because three lists on one page would fight over one set of parameters).
 */
export function TagEntities({ client, toasts, search = '' }: ListPageProps) {
  const id = tagIdFrom(search);
  const [tag, setTag] = useState<{ name: string; description?: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return;
    client.get<{ result: { name: string; description?: string | null } }>(`/api/v1/tag/${id}`).then(
      ({ json }) => setTag(json.result),
      (e: unknown) => setError(getClientErrorMessage(e)),
    );
  }, [client, id]);
  if (id === null) {
    return (
      <section className="bi-page">
        <h1>Tag</h1>
        <p className="bi-alert bi-alert--error" role="alert">
          No tag given: open this page as /superset/all_entities/?id=&lt;tag id&gt;, or pick a tag in the <a href={TAGS_PATH}>Tags list</a>.
        </p>
      </section>
    );
  }
  const byTag = [{ col: 'tags', opr: 'rel_m_m', value: [id] }];
  const sort = { column: 'changed_on_delta_humanized', order: 'desc' as const };
  return (
    <section className="bi-page bi-tag-page">
      <style>{COMPONENTS_CSS}</style>
      <h1>{tag ? `Tag: ${tag.name}` : 'Tag'}</h1>
      {tag?.description && <p>{tag.description}</p>}
      {error && (
        <p className="bi-alert bi-alert--error" role="alert">
          {error}
        </p>
      )}
      <h2>Dashboards</h2>
      <ListView client={client} resource="dashboard" columns={DASHBOARD_COLUMNS} baseFilters={byTag} initialSort={sort} />
      <h2>Charts</h2>
      <ListView client={client} resource="chart" columns={CHART_COLUMNS} baseFilters={byTag} initialSort={sort} />
      <h2>Saved queries</h2>
      <ListView client={client} resource="saved_query" columns={SAVED_QUERY_COLUMNS} baseFilters={byTag} initialSort={sort} />
      <Toasts store={toasts} />
    </section>
  );
}
