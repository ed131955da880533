/**
 * The Custom Elements Manifest (scripts/custom-elements-manifest.ts) against the running code, so it cannot
 * drift: each element's attributes are exactly the ones its class observes (createElementBase's observedAttributes
 * for the inline elements, lit's for <bi-embed>), every property a framework may set (jsx-properties.ts) is a
 * field, and each element's events are exactly the ones its code dispatches.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BiEmbedElement } from '../packages/embed/src/bi-embed-element';
import { chartElementClass } from '../packages/elements/src/chart-element';
import { dashboardElementClass } from '../packages/elements/src/dashboard-element';
import * as elementEvents from '../packages/elements/src/element-events';
import { sqlLabElementClass } from '../packages/elements/src/sqllab-element';
import { customElementsManifest, type CustomElementsManifest, type ManifestElement } from './custom-elements-manifest';

const ROOT = join(__dirname, '..');
const source = (path: string) => readFileSync(join(ROOT, path), 'utf8');

let manifests: Record<'elements' | 'embed', CustomElementsManifest>;

beforeAll(() => {
  manifests = { elements: customElementsManifest('elements'), embed: customElementsManifest('embed') };
}, 60_000);

function element(tagName: string): ManifestElement {
  const found = Object.values(manifests)
    .flatMap((manifest) => manifest.modules.flatMap((module) => module.declarations))
    .find((declaration) => declaration.tagName === tagName);
  if (!found) throw new Error(`no ${tagName} in the manifest`);
  return found;
}

/** The property names of an interface in a source file (`  name?: …;` or `  'name'?: …;` lines). */
function interfaceKeys(path: string, name: string): string[] {
  const text = source(path);
  const body = text.slice(text.indexOf(`export interface ${name} `)).split('\n}')[0];
  return [...body.matchAll(/^ {2}'?([\w-]+)'?\??:/gm)].map((match) => match[1]);
}

/** The event names a React component of @lumen-bi/elements listens to (its `listeners: {'bi-…': …}`). */
function reactListeners(file: string): string[] {
  return [...source(`packages/elements/src/react/${file}`).matchAll(/'(bi-[a-z-]+)': detailOf/g)].map((match) => match[1]);
}

describe('custom-elements.json', () => {
  it.each([
    ['bi-dashboard', dashboardElementClass],
    ['bi-chart', chartElementClass],
    ['bi-sqllab', sqlLabElementClass],
  ] as const)('<%s> lists exactly the attributes its class observes, each with its field', (tagName, elementClass) => {
    const observed = (elementClass() as unknown as { observedAttributes: string[] }).observedAttributes;
    const listed = element(tagName).attributes;
    expect(listed.map((attribute) => attribute.name).sort()).toEqual([...observed].sort());
    const fields = new Map(element(tagName).members.filter((member) => member.kind === 'field').map((member) => [member.name, member]));
    for (const attribute of listed) expect(fields.get(attribute.fieldName), attribute.name).toMatchObject({ attribute: attribute.name });
  });

  it('<bi-embed> lists exactly the attributes its lit class observes', () => {
    const observed = (BiEmbedElement as unknown as { observedAttributes: string[] }).observedAttributes;
    expect(element('bi-embed').attributes.map((attribute) => attribute.name).sort()).toEqual([...observed].sort());
  });

  it.each([
    ['bi-dashboard', 'BiDashboardProps'],
    ['bi-chart', 'BiChartProps'],
    ['bi-sqllab', 'BiSqlLabProps'],
  ])('<%s> has a field for every property of %s (jsx-properties.ts)', (tagName, props) => {
    const fields = element(tagName).members.filter((member) => member.kind === 'field').map((member) => member.name);
    const keys = interfaceKeys('packages/elements/src/jsx-properties.ts', props);
    expect(keys.length).toBeGreaterThan(0);
    expect(fields).toEqual(expect.arrayContaining(keys));
  });

  it('<bi-embed> has a field for every property of BiEmbedProps and its embedded handle', () => {
    const fields = element('bi-embed').members.filter((member) => member.kind === 'field').map((member) => member.name);
    expect(fields).toEqual(expect.arrayContaining(interfaceKeys('packages/embed/src/element-types.ts', 'BiEmbedProps')));
    expect(fields).toContain('embedded');
  });

  it('lists the host methods with their signatures', () => {
    const methods = (tagName: string) => element(tagName).members.filter((member) => member.kind === 'method');
    expect(methods('bi-dashboard').map((method) => method.name)).toEqual(
      expect.arrayContaining(['setFilter', 'setDataMask', 'getDataMask', 'getActiveTabs', 'getDashboardPermalink', 'setThemeConfig', 'setThemeMode']),
    );
    expect(methods('bi-dashboard').find((method) => method.name === 'setFilter')).toMatchObject({
      parameters: [{ name: 'name', type: { text: 'string' } }, { name: 'values', type: { text: 'FilterValues' } }],
      return: { type: { text: 'Promise<void>' } },
    });
    expect(methods('bi-sqllab').map((method) => method.name)).toContain('run');
    // The element base's plumbing and the custom-element callbacks are not host API.
    for (const tagName of ['bi-dashboard', 'bi-chart', 'bi-sqllab']) {
      expect(element(tagName).members.map((member) => member.name)).not.toEqual(expect.arrayContaining(['setElementProp']));
      expect(element(tagName).members.map((member) => member.name)).not.toContain('connectedCallback');
    }
  });

  it.each([
    ['bi-dashboard', 'dashboard.tsx'],
    ['bi-chart', 'chart.tsx'],
    ['bi-sqllab', 'sqllab.tsx'],
  ])('<%s> lists exactly the events its React component forwards, typed by their details', (tagName, file) => {
    const events = element(tagName).events;
    expect(events.map((event) => event.name).sort()).toEqual(reactListeners(file).sort());
    for (const event of events) expect(event.type.text).toMatch(/^CustomEvent<Bi\w+Detail>$/);
  });

  it('every event the inline elements emit (element-events.ts) is listed on some element', () => {
    const emitted = Object.entries(elementEvents)
      .filter(([name]) => name.startsWith('BI_'))
      .map(([, value]) => value as string);
    expect(emitted.length).toBeGreaterThanOrEqual(6);
    const listed = new Set(['bi-dashboard', 'bi-chart', 'bi-sqllab'].flatMap((tagName) => element(tagName).events.map((event) => event.name)));
    expect([...listed].sort()).toEqual([...emitted].sort());
  });

  it('<bi-embed> lists exactly the events its class dispatches', () => {
    const dispatched = new Set([...source('packages/embed/src/bi-embed-element.ts').matchAll(/this\.emit(?:<\w+>)?\('(bi-[a-z-]+)'/g)].map((match) => match[1]));
    expect(element('bi-embed').events.map((event) => event.name).sort()).toEqual([...dispatched].sort());
  });

  it('names each tag in a custom-element-definition export of the entry that registers it', () => {
    const definitions = (manifest: CustomElementsManifest) =>
      Object.fromEntries(manifest.modules.flatMap((module) => module.exports.filter((entry) => entry.kind === 'custom-element-definition').map((entry) => [entry.name, module.path])));
    expect(definitions(manifests.elements)).toEqual({ 'bi-dashboard': 'dist/define-dashboard.js', 'bi-chart': 'dist/define-chart.js', 'bi-sqllab': 'dist/define-sqllab.js' });
    expect(definitions(manifests.embed)).toEqual({ 'bi-embed': 'dist/define.js' });
    expect(manifests.elements.schemaVersion).toBe('2.1.0');
    expect(element('bi-dashboard').description).toMatch(/^`<bi-dashboard>`/);
  });
});
