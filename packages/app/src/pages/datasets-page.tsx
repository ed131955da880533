import { PlaceholderPage } from '@lumen-bi/views';

/** The datasets screen. Loaded lazily (its own chunk), so the real screen can grow without slowing first paint. */
export function DatasetsPage() {
  return <PlaceholderPage page="datasets" />;
}
