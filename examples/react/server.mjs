/**
 * The React host example: bundles src/main.jsx (React 19 + the elements' React build, which uses this app's
 * React) with esbuild, then serves it: `node examples/react/server.mjs` (see README.md).
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../iframe-host/host-backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'src', 'main.jsx')],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: join(here, 'dist'),
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
await startHost({ port: Number(process.env.PORT ?? 9003), files: { '/': join(here, 'public'), '/dist/': join(here, 'dist') } });
