import { PlaceholderPage } from '@lumen-bi/views';

/** The charts screen. Loaded lazily (its own chunk), so the real screen can grow without slowing first paint. */
export function ChartsPage() {
  return <PlaceholderPage page="charts" />;
}
