import { TagList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The Tags list (/superset/tags/), in its own lazy chunk. */
export function TagsPage() {
  return <TagList {...useListPage()} />;
}
