/** The iframe example: `node examples/iframe-host/server.mjs` (see README.md). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from './host-backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const sdk = join(here, '..', '..', 'packages', 'embed', 'dist', 'bundle');
await startHost({
  port: Number(process.env.PORT ?? 9001),
  files: { '/': join(here, 'public'), '/sdk/': sdk },
  required: [join(sdk, 'lumen-embed.iife.js')],
});
