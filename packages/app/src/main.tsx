import { captureEmbedHandshakes } from '@lumen-bi/embed/guest';
import { createSessionStore, ThemeStyle } from '@lumen-bi/views';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// An /embedded/ page gets its host's handshake on iframe load, before its page chunk and allowed domains
// have loaded: keep it for the page's guest channel (startGuestChannel takes it).
if (window.location.pathname.startsWith('/embedded/')) captureEmbedHandshakes();

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
