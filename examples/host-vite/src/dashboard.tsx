/** The dashboard page: the React component of @lumen-bi/elements, with the host's own React 19. */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Dashboard, type BiErrorDetail } from '@lumen-bi/elements/react';
import { DASHBOARD_ID, fetchGuestToken, LUMEN_URL } from './config';

function App() {
  const [filters, setFilters] = useState(0);
  const [error, setError] = useState<BiErrorDetail | null>(null);
  return (
    <>
      <header>
        <strong>Host app</strong> · filters set: <span id="filter-count">{filters}</span>
        {error && <span id="host-error"> · {error.code}: {error.message}</span>}
      </header>
      <Dashboard
        id="dashboard"
        apiUrl={LUMEN_URL}
        dashboardId={DASHBOARD_ID}
        fetchGuestToken={fetchGuestToken}
        hideTitle
        onReady={() => document.body.setAttribute('data-dashboard-ready', '')}
        onDataMask={(mask) => setFilters(Object.values(mask).filter((m) => m.filterState?.value !== undefined).length)}
        onError={setError}
      />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
