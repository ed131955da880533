import { PlaceholderPage } from '@lumen-bi/views';

/** The sql screen. Loaded lazily (its own chunk), so the real screen can grow without slowing first paint. */
export function SqlPage() {
  return <PlaceholderPage page="sql" />;
}
