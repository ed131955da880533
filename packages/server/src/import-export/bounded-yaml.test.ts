import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from '../parse-worker/parse-limits';
import { parseBoundedYaml } from './bounded-yaml';

const EXAMPLES = fileURLToPath(new URL('../../../../examples/', import.meta.url));
const limits = (overrides: Partial<ParseLimits>): ParseLimits => ({ ...DEFAULT_PARSE_LIMITS, ...overrides });

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

describe('parseBoundedYaml', () => {
  it('reads every example export as the yaml package does', () => {
    const files = yamlFiles(EXAMPLES);
    expect(files.length).toBeGreaterThan(100);
    for (const path of files) {
      const text = readFileSync(path, 'utf8');
      expect(parseBoundedYaml(text, path, DEFAULT_PARSE_LIMITS), path).toEqual(parse(text));
    }
  });

  it('does not count lines of block scalars and quoted text as keys', () => {
    const text = `sql: |\n${Array.from({ length: 50 }, (_, i) => `  col${i}: not a key`).join('\n')}\nnote: "a: b\n  c: d"\nx: 1\n`;
    expect(parseBoundedYaml(text, 'q.yaml', limits({ maxKeys: 10 }))).toMatchObject({ x: 1 });
  });

  it('bounds depth without counting flow items on one line as levels', () => {
    const wide = `a:\n  b: [${Array.from({ length: 500 }, (_, i) => i).join(', ')}]\n  c: {${Array.from({ length: 200 }, (_, i) => `k${i}: ${i}`).join(', ')}}\n`;
    expect(parseBoundedYaml(wide, 'w.yaml', limits({ maxDepth: 4 }))).toMatchObject({ a: { b: expect.any(Array) } });
    const deep = Array.from({ length: 6 }, (_, i) => `${'  '.repeat(i)}l${i}:`).join('\n') + ' x\n';
    expect(() => parseBoundedYaml(deep, 'd.yaml', limits({ maxDepth: 4 }))).toThrow('File d.yaml nests deeper than 4 levels (limit LUMEN_IMPORT_MAX_DEPTH=4)');
    expect(() => parseBoundedYaml('x: [[[[[1]]]]]\n', 'f.yaml', limits({ maxDepth: 4 }))).toThrow(/nests deeper than 4 levels/);
    expect(() => parseBoundedYaml('- - - - - - x\n', 's.yaml', limits({ maxDepth: 4 }))).toThrow(/nests deeper than 4 levels/);
  });

  it('counts alias expansions against the key limit', () => {
    const text = `base: &b [${Array.from({ length: 40 }, (_, i) => i).join(', ')}]\nuses: [${Array(30).fill('*b').join(', ')}]\n`;
    expect(() => parseBoundedYaml(text, 'a.yaml', limits({ maxKeys: 1000, maxAliases: 100 }))).toThrow(/more than 1000 keys and items once its aliases are expanded/);
    expect(parseBoundedYaml(text, 'a.yaml', limits({ maxKeys: 2000 }))).toMatchObject({ uses: expect.any(Array) });
  });

  it('keeps duplicate keys an error, and reads JSON', () => {
    expect(() => parseBoundedYaml('a: 1\nb: 2\na: 3\n', 'x.yaml', DEFAULT_PARSE_LIMITS)).toThrow("Malformed YAML in x.yaml: Map keys must be unique: 'a' appears twice");
    expect(parseBoundedYaml('{"a": {"b": [1, 2]}, "c": "d: e"}', 'x.json', DEFAULT_PARSE_LIMITS)).toEqual({ a: { b: [1, 2] }, c: 'd: e' });
  });
});
