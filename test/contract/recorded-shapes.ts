import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Shape } from './value-shape';

/** What a recorded answer pins: its status, content type and, for JSON, the keys and value types of its body. */
export interface RecordedShape {
  endpoint: string;
  status: number;
  contentType: string;
  shape: Shape | null;
}

export const RECORDED_DIR = join(import.meta.dirname, 'recorded');

/** Re-record instead of compare: `LUMEN_CONTRACT_RECORD=1 npx vitest run --project server test/contract`. */
export const RECORDING = process.env.LUMEN_CONTRACT_RECORD === '1';

const fileOf = (endpoint: string) => join(RECORDED_DIR, `${endpoint.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}.json`);

export function readRecordedShape(endpoint: string): RecordedShape | null {
  const file = fileOf(endpoint);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedShape) : null;
}

export function writeRecordedShape(recorded: RecordedShape): void {
  mkdirSync(RECORDED_DIR, { recursive: true });
  writeFileSync(fileOf(recorded.endpoint), `${JSON.stringify(recorded, null, 2)}\n`);
}
