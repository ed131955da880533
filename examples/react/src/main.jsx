/**
 * A React 19 host. The elements' React build shares this app's React; React 19 sets properties and listens to
 * custom events on custom elements, so <bi-dashboard> is used like any component.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../packages/elements/dist/bundle/bi-elements.react.js';

const fetchGuestToken = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j) => j.token);

function App() {
  const [config, setConfig] = useState(null);
  const [mask, setMask] = useState(null);
  const [hideTitle, setHideTitle] = useState(false);
  useEffect(() => void fetch('/config.json').then((r) => r.json()).then(setConfig), []);
  if (!config) return <p>Loading…</p>;
  return (
    <main>
      <h1>React host</h1>
      <label>
        <input type="checkbox" checked={hideTitle} onChange={(e) => setHideTitle(e.target.checked)} /> hide-title
      </label>
      <pre style={{ background: '#f4f4f4', maxHeight: 160, overflow: 'auto' }}>{mask ? JSON.stringify(mask, null, 2) : 'Change a filter.'}</pre>
      <bi-dashboard
        api-url={config.apiUrl}
        dashboard-id={config.uuid}
        hide-title={hideTitle ? '' : undefined}
        fetchGuestToken={fetchGuestToken}
        onbi-data-mask={(event) => setMask(event.detail)}
      />
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
