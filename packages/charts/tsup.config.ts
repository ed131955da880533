import { defineConfig } from 'tsup';
import { libraryConfig } from '../../scripts/tsup-library';

// JSON data the world map reads (country codes, names, shapes) is bundled into the output as JavaScript:
// Node's ESM loader refuses a bare `import x from 'pkg/file.json'` without an import attribute, so an external
// JSON import would break importing the SDK in plain Node (SSR). The shapes stay a lazy chunk of their own.
export default defineConfig(libraryConfig({ index: 'src/index.ts' }, { noExternal: [/\.json$/] }));
