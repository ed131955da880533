import { PlaceholderPage } from '@lumen-bi/views';

/** The dashboards screen. Loaded lazily (its own chunk), so the real screen can grow without slowing first paint. */
export function DashboardsPage() {
  return <PlaceholderPage page="dashboards" />;
}
