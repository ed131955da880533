/** The custom-elements example: `node examples/web-components/server.mjs` (see README.md). */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../iframe-host/host-backend.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const elements = join(here, '..', '..', 'packages', 'elements', 'dist', 'bundle');
await startHost({
  port: Number(process.env.PORT ?? 9002),
  files: { '/': join(here, 'public'), '/elements/': elements },
  required: [join(elements, 'bi-elements.lite.js')],
});
