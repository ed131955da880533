import { PlaceholderPage } from '@lumen-bi/views';

/** The databases screen. Loaded lazily (its own chunk), so the real screen can grow without slowing first paint. */
export function DatabasesPage() {
  return <PlaceholderPage page="databases" />;
}
