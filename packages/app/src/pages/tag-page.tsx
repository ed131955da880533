import { TagEntities } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The tag entity page (/superset/all_entities/?id=), in its own lazy chunk. */
export function TagPage() {
  const { client, toasts, search } = useListPage();
  return <TagEntities client={client} toasts={toasts} search={search} />;
}
