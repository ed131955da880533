import { PlaceholderPage } from '@lumen-bi/views';

/** The home screen. Loaded lazily (its own chunk), so the real screen can grow without slowing first paint. */
export function HomePage() {
  return <PlaceholderPage page="home" />;
}
