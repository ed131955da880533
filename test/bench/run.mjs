// Runs the benchmarks named on the command line (default: all): `npm run bench -- chart-data`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs').map((f) => f.replace(/\.mjs$/, ''));
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : available;
for (const name of wanted) {
  if (!available.includes(name)) {
    console.error(`Unknown benchmark ${name}; available: ${available.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== bench: ${name} ===`);
  const result = spawnSync(process.execPath, [join(here, `${name}.mjs`)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
