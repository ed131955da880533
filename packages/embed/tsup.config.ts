import { defineConfig } from 'tsup';
import { writeCustomElementsManifest } from '../../scripts/custom-elements-manifest';
import { libraryConfig } from '../../scripts/tsup-library';

// One declaration entry per public path of the exports map: the root, the guest page's side, the registering entry.
// dist/custom-elements.json (package.json `customElements`), from the typed sources, after each build.
export default defineConfig(
  libraryConfig({ index: 'src/index.ts', 'guest/index': 'src/guest/index.ts', define: 'src/define.ts' }, { onSuccess: async () => void writeCustomElementsManifest('embed') }),
);
