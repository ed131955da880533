import { defineConfig } from 'tsup';
import { writeCustomElementsManifest } from '../../scripts/custom-elements-manifest';
import { libraryConfig } from '../../scripts/tsup-library';

/**
 * One declaration entry per public path of the exports map. @lumen-bi/core, charts, views and embed are
 * dependencies, so they stay imports (tsup externalizes dependencies): a host build holds one copy of each.
 */
export default defineConfig(
  libraryConfig(
    {
      index: 'src/index.ts',
      define: 'src/define.ts',
      'define-dashboard': 'src/define-dashboard.ts',
      'define-chart': 'src/define-chart.ts',
      'define-sqllab': 'src/define-sqllab.ts',
      'react/index': 'src/react/index.ts',
    },
    // dist/custom-elements.json (package.json `customElements`), from the typed sources, after each build.
    { external: ['react', 'react-dom'], onSuccess: async () => void writeCustomElementsManifest('elements') },
  ),
);
