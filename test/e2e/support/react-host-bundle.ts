import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './repo-root';

/**
 * The React build of the elements (bi-elements.react.js keeps react/react-dom as imports) bundled with
 * React, as a React host's own build would do; served to test host pages as one script.
 */
export async function bundleReactElementsHost(): Promise<string> {
  const react = await build({
    stdin: { contents: `import ${JSON.stringify(join(REPO_ROOT, 'packages/elements/dist/bundle/bi-elements.react.js'))};`, resolveDir: REPO_ROOT, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return react.outputFiles[0].text;
}
