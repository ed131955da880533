import { createSessionStore, ThemeStyle } from '@lumen-bi/views';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('Lumen BI: the page has no #root element');

// The default theme until user preferences exist; the attribute is what theme stylesheets key on.
document.documentElement.dataset.biTheme = 'default';

createRoot(container).render(
  <StrictMode>
    <ThemeStyle scope=":root" />
    <App session={createSessionStore()} />
  </StrictMode>,
);
