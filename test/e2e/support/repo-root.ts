import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from test/e2e/support/. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
