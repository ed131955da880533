import { HomeView, LoadingLines } from '@lumen-bi/views';
import { useEffect, useState } from 'react';
import { useListPage } from './use-list-page';

/**
 * The home page (/superset/welcome/). The signed-in user's id filters Mine, Created and Edited; pages get
 * no props from the router, so it is read from /api/v1/me/ (the shell has already loaded it, so this is a
 * cheap second read rather than a new dependency on the app's session store).
 */
export function HomePage() {
  const { client, toasts } = useListPage();
  const [userId, setUserId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.get<{ result: { id: number } }>('/api/v1/me/').then(
      ({ json }) => setUserId(json.result.id),
      (e: unknown) => setError((e as Error).message),
    );
  }, [client]);
  // The heading shows at once so the page is named while the user is read.
  if (error || userId === null) {
    return (
      <section className="bi-page">
        <h1>Home</h1>
        {error ? <p role="alert">{error}</p> : <LoadingLines label="Loading home" />}
      </section>
    );
  }
  return <HomeView client={client} toasts={toasts} userId={userId} />;
}
