import { defineConfig } from 'tsup';
import { libraryConfig } from '../../scripts/tsup-library';

export default defineConfig(libraryConfig({ index: 'src/index.ts' }));
