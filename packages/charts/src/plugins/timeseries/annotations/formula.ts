/**
 * Formula layers' formulas (`y = f(x)`, x in epoch ms on a time axis, as the incumbent's), compiled with
 * mathjs' expression parser, never with eval or new Function: a formula is stored in a chart, and a chart
 * may come from anyone who can save one. Downloaded only when a chart shows a formula layer (annotate.ts).
 *
 * Defence in depth beyond mathjs' own sandbox (docs: expressions/security; its parser's arbitrary-code
 * advisories, CVE-2026-40897 and CVE-2026-41139, went through arrays, matrices and property setters):
 * - a number-only mathjs instance holding just the operators and functions below: no import, createUnit,
 *   evaluate, parse, matrices or units to reach;
 * - the parsed tree is checked before it is compiled: only numbers, `x`, the constants, the operators, the
 *   listed functions, parentheses and `?:`. Property access, indexing, arrays, objects, strings, assignments
 *   and function definitions are refused, so none of that machinery ever runs;
 * - the result must be a number (a comparison's true/false counts as 1/0, as the incumbent's evaluator
 *   gives); anything else fails the layer.
 */
import {
  absDependencies,
  acosDependencies,
  addDependencies,
  andDependencies,
  asinDependencies,
  atan2Dependencies,
  atanDependencies,
  cbrtDependencies,
  ceilDependencies,
  cosDependencies,
  coshDependencies,
  create,
  divideDependencies,
  eDependencies,
  equalDependencies,
  expDependencies,
  floorDependencies,
  largerDependencies,
  largerEqDependencies,
  log10Dependencies,
  log2Dependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  notDependencies,
  orDependencies,
  parseDependencies,
  piDependencies,
  powDependencies,
  roundDependencies,
  signDependencies,
  sinDependencies,
  sinhDependencies,
  smallerDependencies,
  smallerEqDependencies,
  sqrtDependencies,
  subtractDependencies,
  tanDependencies,
  tanhDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  unequalDependencies,
  xorDependencies,
  type MathNode,
} from 'mathjs/number';
import type { Formula } from './marks';

const math = create(
  {
    parseDependencies,
    addDependencies,
    subtractDependencies,
    multiplyDependencies,
    divideDependencies,
    powDependencies,
    modDependencies,
    unaryMinusDependencies,
    unaryPlusDependencies,
    largerDependencies,
    largerEqDependencies,
    smallerDependencies,
    smallerEqDependencies,
    equalDependencies,
    unequalDependencies,
    andDependencies,
    orDependencies,
    xorDependencies,
    notDependencies,
    absDependencies,
    signDependencies,
    sqrtDependencies,
    cbrtDependencies,
    expDependencies,
    logDependencies,
    log10Dependencies,
    log2Dependencies,
    sinDependencies,
    cosDependencies,
    tanDependencies,
    asinDependencies,
    acosDependencies,
    atanDependencies,
    atan2Dependencies,
    sinhDependencies,
    coshDependencies,
    tanhDependencies,
    floorDependencies,
    ceilDependencies,
    roundDependencies,
    minDependencies,
    maxDependencies,
    piDependencies,
    eDependencies,
  },
  { number: 'number' },
);

/** The functions a formula may call. */
export const FORMULA_FUNCTIONS: ReadonlySet<string> = new Set([
  'abs', 'sign', 'sqrt', 'cbrt', 'exp', 'log', 'log10', 'log2', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2',
  'sinh', 'cosh', 'tanh', 'floor', 'ceil', 'round', 'min', 'max',
]);

/** The operators a formula may use (mathjs' names of + - * / ^ %, comparisons and logic). */
const OPERATORS: ReadonlySet<string> = new Set([
  'add', 'subtract', 'multiply', 'divide', 'pow', 'mod', 'unaryMinus', 'unaryPlus',
  'larger', 'largerEq', 'smaller', 'smallerEq', 'equal', 'unequal', 'and', 'or', 'xor', 'not',
]);

/** The names a formula may read: x and the constants. */
const SYMBOLS: ReadonlySet<string> = new Set(['x', 'pi', 'e']);

/** Formulas longer than this are refused: no chart needs one, and parsing a huge one costs the page. */
export const MAX_FORMULA_LENGTH = 1000;

/** Why a formula cannot be drawn, as the end of "its formula ..." (the layer's note says it). */
export class FormulaError extends Error {}

/**
 * The expression of a formula: the incumbent's layers may be saved as `y = 2 * x`, of which only the right
 * side counts (`==`, `<=`, `>=` and `!=` stay comparisons).
 */
function expressionOf(formula: string): string {
  const assignment = /^\s*[A-Za-z_]\w*\s*=(?!=)/.exec(formula);
  return assignment ? formula.slice(assignment[0].length) : formula;
}

/** Refuses any node of the tree that is not a number, x, a constant, an allowed operator or function, (), or ?:. */
function checkTree(root: MathNode): void {
  root.traverse((node, path, parent) => {
    switch (node.type) {
      case 'ConstantNode':
        if (typeof (node as unknown as { value: unknown }).value !== 'number') throw new FormulaError('uses a constant that is not a number');
        return;
      case 'SymbolNode': {
        const name = (node as unknown as { name: string }).name;
        // A function's name is a SymbolNode too: its own check is the FunctionNode's.
        const isCallee = parent?.type === 'FunctionNode' && path === 'fn';
        if (!(isCallee ? FORMULA_FUNCTIONS.has(name) : SYMBOLS.has(name))) throw new FormulaError(`uses the unknown name "${name}"`);
        return;
      }
      case 'FunctionNode': {
        const fn = (node as unknown as { fn: MathNode & { name?: string } }).fn;
        if (fn.type !== 'SymbolNode' || !FORMULA_FUNCTIONS.has(fn.name ?? '')) throw new FormulaError('calls a function it may not');
        return;
      }
      case 'OperatorNode':
        if (!OPERATORS.has((node as unknown as { fn: string }).fn)) throw new FormulaError('uses an operator it may not');
        return;
      case 'ParenthesisNode':
      case 'ConditionalNode':
        return;
      default:
        throw new FormulaError(`uses ${node.type.replace(/Node$/, '').toLowerCase()} syntax, which formulas may not`);
    }
  });
}

/**
 * Compiles a formula of x. Throws a FormulaError when it does not parse or uses anything but numbers, x,
 * pi, e, the operators and the functions above; the compiled formula throws when a result is not a number.
 *
 * @example
 * compileFormula('y = 2 * x + 1')(3); // 7
 * compileFormula('x > 5')(6); // 1
 */
export function compileFormula(formula: string): Formula {
  if (formula.length > MAX_FORMULA_LENGTH) throw new FormulaError(`is longer than ${MAX_FORMULA_LENGTH} characters`);
  let tree: MathNode;
  try {
    tree = math.parse(expressionOf(formula));
  } catch (error) {
    throw new FormulaError(`does not parse (${error instanceof Error ? error.message : String(error)})`);
  }
  checkTree(tree);
  const code = tree.compile();
  return (x) => {
    const y: unknown = code.evaluate({ x });
    if (typeof y === 'boolean') return Number(y);
    if (typeof y !== 'number') throw new FormulaError('does not give a number');
    return y;
  };
}
