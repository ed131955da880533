import { defineConfig } from 'tsup';
import { libraryConfig } from '../../scripts/tsup-library';

// One declaration entry per public path of the exports map: the root, the guest page's side, the registering entry.
export default defineConfig(libraryConfig({ index: 'src/index.ts', 'guest/index': 'src/guest/index.ts', define: 'src/define.ts' }));
