/**
 * Generates the Custom Elements Manifest (https://github.com/webcomponents/custom-elements-manifest, schema
 * 2.1.0) of @lumen-bi/elements (<bi-dashboard>, <bi-chart>, <bi-sqllab>) and @lumen-bi/embed (<bi-embed>)
 * from their typed sources, at build (tsup's onSuccess writes dist/custom-elements.json).
 *
 * Why not @custom-elements-manifest/analyzer: the inline elements' classes are created by factories on first
 * use (lazy-class.ts: `lazy(() => class extends createElementBase(View, ATTRIBUTES) {…} as unknown as new () =>
 * BiDashboardElement)`, so importing them in Node never touches HTMLElement), and their attributes come from
 * createElementBase's argument; the analyzer sees neither the tag nor the attributes there. The typed sources of truth already
 * exist, so they are read with the TypeScript compiler:
 * - attributes: the JSX attribute interfaces (elements: jsx-attributes.ts; embed: element-types.ts), their
 *   types and doc comments as written;
 * - fields and methods: the element interfaces (BiDashboardElement, …) and, for <bi-embed>, the public
 *   members of its class;
 * - events: the per-element event maps (elements: element-types.ts; embed: BiEmbedElementEventMap), each
 *   event's type being `CustomEvent<Detail>`.
 * packages/elements/src/custom-elements-manifest.test.ts checks the result against the running classes
 * (observedAttributes) and the events the code emits, so the manifest cannot drift from the code.
 *
 * @example
 * writeCustomElementsManifest('elements'); // packages/elements/dist/custom-elements.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export type ManifestPackage = 'elements' | 'embed';

/** Where one element's facts are declared (paths relative to the package's src/). */
interface ElementSource {
  tagName: string;
  /** The declaration's name in the manifest: the public type a host imports. */
  name: string;
  /** File and name of the interface or class whose doc comment describes the element. */
  declaration: { file: string; name: string };
  attributes: { file: string; name: string };
  /** An interface (its members, inherited ones from this package included) or a class (its public members). */
  members: { file: string; name: string; kind: 'interface' | 'class' };
  events: { file: string; name: string };
  /** The module (src path) that registers the tag. */
  definedIn: string;
  superclass: { name: string; package?: string };
}

/**
 * Members of the element interfaces that are the custom-element protocol or the React bridge's plumbing
 * (ElementBase), not host API.
 */
const INTERNAL_MEMBERS = new Set(['container', 'connectedCallback', 'disconnectedCallback', 'attributeChangedCallback', 'setElementProp', 'getElementProp']);

export const ELEMENT_SOURCES: Record<ManifestPackage, ElementSource[]> = {
  elements: [
    {
      tagName: 'bi-dashboard',
      name: 'BiDashboardElement',
      declaration: { file: 'dashboard-element.ts', name: 'BiDashboardElement' },
      attributes: { file: 'jsx-attributes.ts', name: 'BiDashboardAttributes' },
      members: { file: 'dashboard-element.ts', name: 'BiDashboardElement', kind: 'interface' },
      events: { file: 'element-types.ts', name: 'BiDashboardEventMap' },
      definedIn: 'define-dashboard.ts',
      superclass: { name: 'HTMLElement' },
    },
    {
      tagName: 'bi-chart',
      name: 'BiChartElement',
      declaration: { file: 'chart-element.ts', name: 'BiChartElement' },
      attributes: { file: 'jsx-attributes.ts', name: 'BiChartAttributes' },
      members: { file: 'chart-element.ts', name: 'BiChartElement', kind: 'interface' },
      events: { file: 'element-types.ts', name: 'BiChartEventMap' },
      definedIn: 'define-chart.ts',
      superclass: { name: 'HTMLElement' },
    },
    {
      tagName: 'bi-sqllab',
      name: 'BiSqlLabElement',
      declaration: { file: 'sqllab-element.ts', name: 'BiSqlLabElement' },
      attributes: { file: 'jsx-attributes.ts', name: 'BiSqlLabAttributes' },
      members: { file: 'sqllab-element.ts', name: 'BiSqlLabElement', kind: 'interface' },
      events: { file: 'element-types.ts', name: 'BiSqlLabEventMap' },
      definedIn: 'define-sqllab.ts',
      superclass: { name: 'HTMLElement' },
    },
  ],
  embed: [
    {
      tagName: 'bi-embed',
      name: 'BiEmbedElement',
      declaration: { file: 'bi-embed-element.ts', name: 'BiEmbedElement' },
      attributes: { file: 'element-types.ts', name: 'BiEmbedAttributes' },
      members: { file: 'bi-embed-element.ts', name: 'BiEmbedElement', kind: 'class' },
      events: { file: 'element-types.ts', name: 'BiEmbedElementEventMap' },
      definedIn: 'define.ts',
      superclass: { name: 'LitElement', package: 'lit' },
    },
  ],
};

// The manifest's types (the subset of schema 2.1.0 this generator writes).
export interface ManifestType {
  text: string;
}
export interface ManifestAttribute {
  name: string;
  type: ManifestType;
  description?: string;
  fieldName: string;
}
export interface ManifestField {
  kind: 'field';
  name: string;
  type: ManifestType;
  description?: string;
  attribute?: string;
  readonly?: boolean;
}
export interface ManifestMethod {
  kind: 'method';
  name: string;
  description?: string;
  parameters: { name: string; type: ManifestType; optional?: boolean }[];
  return: { type: ManifestType };
}
export interface ManifestEvent {
  name: string;
  type: ManifestType;
  description?: string;
}
export interface ManifestElement {
  kind: 'class';
  customElement: true;
  name: string;
  tagName: string;
  description: string;
  superclass: { name: string; package?: string };
  attributes: ManifestAttribute[];
  members: (ManifestField | ManifestMethod)[];
  events: ManifestEvent[];
}
export interface CustomElementsManifest {
  schemaVersion: '2.1.0';
  readme: string;
  modules: {
    kind: 'javascript-module';
    path: string;
    declarations: ManifestElement[];
    exports: ({ kind: 'js'; name: string; declaration: { name: string; module: string } } | { kind: 'custom-element-definition'; name: string; declaration: { name: string; module: string } })[];
  }[];
}

/** `hide-title` -> `hideTitle`. */
export function camelCase(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** src/dashboard-element.ts -> dist/dashboard-element.js (the build keeps one output module per source). */
function distPath(srcFile: string): string {
  return `dist/${srcFile.replace(/\.tsx?$/, '.js')}`;
}

function docOf(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const text = docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n')
    .trim();
  return text === '' ? undefined : text.replace(/\s*\n\s*/g, ' ');
}

function memberName(node: ts.ClassElement | ts.TypeElement): string {
  const name = node.name;
  if (!name) throw new Error('custom-elements-manifest: a member without a name');
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  throw new Error(`custom-elements-manifest: unsupported member name ${name.getText()}`);
}

function typeText(node: ts.TypeNode | undefined): string {
  if (!node) throw new Error('custom-elements-manifest: a member without a written type (the manifest takes types as written)');
  return node.getText().replace(/\s+/g, ' ');
}

/** Reads one package's sources once. */
class PackageSources {
  readonly src: string;
  private readonly program: ts.Program;
  readonly checker: ts.TypeChecker;

  constructor(pkg: ManifestPackage) {
    this.src = join(ROOT, 'packages', pkg, 'src');
    const files = [...new Set(ELEMENT_SOURCES[pkg].flatMap((element) => [element.declaration.file, element.attributes.file, element.members.file, element.events.file]))];
    this.program = ts.createProgram(
      files.map((file) => join(this.src, file)),
      { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], skipLibCheck: true, noEmit: true },
    );
    this.checker = this.program.getTypeChecker();
  }

  /** True for declarations written in this package (not HTMLElement's, LitElement's or a dependency's). */
  isOwn(node: ts.Node): boolean {
    return !relative(this.src, node.getSourceFile().fileName).startsWith('..');
  }

  declaration(file: string, name: string): ts.InterfaceDeclaration | ts.ClassDeclaration {
    const source = this.program.getSourceFile(join(this.src, file));
    if (!source) throw new Error(`custom-elements-manifest: ${file} not found under ${this.src}`);
    const found = source.statements.find((statement): statement is ts.InterfaceDeclaration | ts.ClassDeclaration => (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name);
    if (!found) throw new Error(`custom-elements-manifest: no interface or class ${name} in ${file}`);
    return found;
  }

  /** An interface's members, inherited ones declared in this package included, in declaration order. */
  interfaceMembers(file: string, name: string): ts.TypeElement[] {
    const declaration = this.declaration(file, name);
    const type = this.checker.getDeclaredTypeOfSymbol(this.checker.getSymbolAtLocation(declaration.name!)!);
    const seen = new Set<string>();
    const members: ts.TypeElement[] = [];
    for (const symbol of this.checker.getPropertiesOfType(type)) {
      for (const node of symbol.getDeclarations() ?? []) {
        if (!(ts.isPropertySignature(node) || ts.isMethodSignature(node)) || !this.isOwn(node) || seen.has(symbol.name)) continue;
        seen.add(symbol.name);
        members.push(node);
      }
    }
    return members;
  }
}

function attributesOf(sources: PackageSources, element: ElementSource): ManifestAttribute[] {
  return sources.interfaceMembers(element.attributes.file, element.attributes.name).map((node) => {
    if (!ts.isPropertySignature(node)) throw new Error(`custom-elements-manifest: ${element.attributes.name} has a method`);
    const name = memberName(node);
    // Resolved, not as written: `BooleanAttribute` or `(typeof ELEMENT_THEMES)[number]` mean nothing to an
    // editor reading the manifest; their literal unions ('' | 'true' | …, 'light' | 'dark') do.
    typeText(node.type); // every attribute has a written type
    const text = sources.checker.typeToString(sources.checker.getTypeFromTypeNode(node.type!), undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType);
    return { name, type: { text }, ...(docOf(node) ? { description: docOf(node) } : {}), fieldName: camelCase(name) };
  });
}

function methodOf(node: ts.MethodSignature | ts.MethodDeclaration): ManifestMethod {
  return {
    kind: 'method',
    name: memberName(node),
    ...(docOf(node) ? { description: docOf(node) } : {}),
    parameters: node.parameters.map((parameter) => ({ name: parameter.name.getText(), type: { text: typeText(parameter.type) }, ...(parameter.questionToken ? { optional: true } : {}) })),
    return: { type: { text: typeText(node.type) } },
  };
}

function membersOf(sources: PackageSources, element: ElementSource, attributes: ManifestAttribute[]): (ManifestField | ManifestMethod)[] {
  const attributeOfField = new Map(attributes.map((attribute) => [attribute.fieldName, attribute]));
  const field = (name: string, type: string, node: ts.Node, readonly: boolean): ManifestField => {
    const attribute = attributeOfField.get(name);
    const description = docOf(node) ?? attribute?.description;
    return { kind: 'field', name, type: { text: type }, ...(description ? { description } : {}), ...(attribute ? { attribute: attribute.name } : {}), ...(readonly ? { readonly: true } : {}) };
  };
  if (element.members.kind === 'interface') {
    return sources.interfaceMembers(element.members.file, element.members.name).flatMap((node): (ManifestField | ManifestMethod)[] => {
      const name = memberName(node);
      if (INTERNAL_MEMBERS.has(name)) return [];
      if (ts.isMethodSignature(node)) return [methodOf(node)];
      if (!ts.isPropertySignature(node)) return [];
      const readonly = Boolean(node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword));
      return [field(name, typeText(node.type), node, readonly)];
    });
  }
  const declaration = sources.declaration(element.members.file, element.members.name);
  if (!ts.isClassDeclaration(declaration)) throw new Error(`custom-elements-manifest: ${element.members.name} is not a class`);
  // A class's public API: its public instance fields and methods; lifecycle overrides (render, updated,
  // connectedCallback, …) and private or static members are not the host's.
  const hidden = (node: ts.ClassElement) =>
    ts.getCombinedModifierFlags(node as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static | ts.ModifierFlags.Override) || (node.name && ts.isPrivateIdentifier(node.name));
  return declaration.members.flatMap((node): (ManifestField | ManifestMethod)[] => {
    if (hidden(node)) return [];
    if (ts.isMethodDeclaration(node)) return [methodOf(node)];
    if (!ts.isPropertyDeclaration(node)) return [];
    const readonly = Boolean(node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword));
    return [field(memberName(node), typeText(node.type), node, readonly)];
  });
}

function eventsOf(sources: PackageSources, element: ElementSource): ManifestEvent[] {
  return sources.interfaceMembers(element.events.file, element.events.name).map((node) => {
    if (!ts.isPropertySignature(node)) throw new Error(`custom-elements-manifest: ${element.events.name} has a method`);
    return { name: memberName(node), type: { text: typeText(node.type) }, ...(docOf(node) ? { description: docOf(node) } : {}) };
  });
}

/**
 * The manifest of one package: a module per element class (its declaration) and one per registering entry
 * (the custom-element definition), with paths of the published dist/.
 */
export function customElementsManifest(pkg: ManifestPackage): CustomElementsManifest {
  const sources = new PackageSources(pkg);
  const modules: CustomElementsManifest['modules'] = [];
  for (const element of ELEMENT_SOURCES[pkg]) {
    const attributes = attributesOf(sources, element);
    const declarationNode = sources.declaration(element.declaration.file, element.declaration.name);
    const declaration: ManifestElement = {
      kind: 'class',
      customElement: true,
      name: element.name,
      tagName: element.tagName,
      description: docOf(declarationNode) ?? '',
      superclass: element.superclass,
      attributes,
      members: membersOf(sources, element, attributes),
      events: eventsOf(sources, element),
    };
    const module = distPath(element.members.file);
    modules.push({ kind: 'javascript-module', path: module, declarations: [declaration], exports: [{ kind: 'js', name: element.name, declaration: { name: element.name, module } }] });
    const definition = distPath(element.definedIn);
    const definer = modules.find((candidate) => candidate.path === definition);
    const exported = { kind: 'custom-element-definition' as const, name: element.tagName, declaration: { name: element.name, module } };
    if (definer) definer.exports.push(exported);
    else modules.push({ kind: 'javascript-module', path: definition, declarations: [], exports: [exported] });
  }
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}

/** Writes packages/<pkg>/dist/custom-elements.json (the `customElements` field of its package.json). */
export function writeCustomElementsManifest(pkg: ManifestPackage): string {
  const path = join(ROOT, 'packages', pkg, 'dist', 'custom-elements.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(customElementsManifest(pkg), null, 2)}\n`);
  return path;
}
