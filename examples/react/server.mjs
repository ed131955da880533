/**
 * The React host example: bundles src/main.jsx (React 19 + the elements' React build, which uses this app's
 * React) with esbuild, then serves it: `node examples/react/server.mjs` (see README.md). React, react-dom and
 * esbuild come from the repository's root `npm install`.
 */
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../iframe-host/host-backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const elements = join(here, '..', '..', 'packages', 'elements', 'dist', 'bundle', 'bi-elements.react.js');
if (!existsSync(elements)) throw new Error(`${elements} is missing: run \`node scripts/ensure-built.mjs\` at the repository root (npm start does it too)`);
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
