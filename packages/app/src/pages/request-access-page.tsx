import { RequestAccessPage as RequestAccess, targetFromSearch } from '@lumen-bi/views';
import { useMemo } from 'react';
import { useListPage } from './use-list-page';

/** /request_access/?datasource_id=N (or database_id=N): where an access error's Request Access link leads. */
export function RequestAccessPage() {
  const { client } = useListPage();
  const target = useMemo(() => targetFromSearch(window.location.search), []);
  return <RequestAccess client={client} target={target} />;
}
