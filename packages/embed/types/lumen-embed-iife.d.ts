/**
 * lumen-embed.iife.js is a classic script: it registers <bi-embed> and sets `window.LumenEmbed` to the
 * package's exports (embedDashboard, embedChart, ...).
 */
declare global {
  interface Window {
    LumenEmbed: typeof import('../dist/index.js');
  }
}

export {};
