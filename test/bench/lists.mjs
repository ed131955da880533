// The list part of the load benchmark alone (load.mjs runs it last, after the chart-data cells): the list
// endpoints on SQLite and PostgreSQL metadata at 1, 10 and 50 connections, the list answer cache on and off.
// Needs the machine's PostgreSQL and a built server. Loopback only; prints, asserts nothing.
// Run: node test/bench/lists.mjs   (LOAD_LIST_SECONDS per cell, default 3)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchListEndpoints } from './support/list-endpoints.mjs';
import { freePort, waitHealthy } from './support/local-server.mjs';
import { measure } from './support/measure-load.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pgModule = await import(join(root, 'node_modules/pg/lib/index.js'));
const pg = pgModule.default ?? pgModule;
const PG_BASE = process.env.LUMEN_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';

await benchListEndpoints({ root, pg, pgBase: PG_BASE, freePort, waitHealthy, measure, seconds: Number(process.env.LOAD_LIST_SECONDS ?? 3) });
