import { captureEmbedHandshakes } from '@lumen-bi/embed/guest';
import { applyThemeMode, createSessionStore, ThemeStyle } from '@lumen-bi/views';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// An /embedded/ page gets its host's handshake on iframe load, before its page chunk and allowed domains
// have loaded: keep it for the page's guest channel (startGuestChannel takes it).
if (window.location.pathname.startsWith('/embedded/')) captureEmbedHandshakes();

const container = document.getElementById('root');
if (!container) throw new Error('Lumen BI: the page has no #root element');

// The theme the user chose in the user menu (remembered in this browser); an embedded page's host may set
// another (pages/embedded-theme.ts). The attribute is what the theme stylesheet keys on.
if (window.location.pathname.startsWith('/embedded/')) document.documentElement.dataset.biTheme = 'default';
else applyThemeMode();

createRoot(container).render(
  <StrictMode>
    <ThemeStyle scope=":root" />
    <App session={createSessionStore()} />
  </StrictMode>,
);
