import { describe, expect, it } from 'vitest';
import { FormulaError, MAX_FORMULA_LENGTH, compileFormula } from './formula';

describe('formula layers', () => {
  it("evaluates the incumbent's formulas of x: arithmetic, functions, constants, comparisons and a y = prefix", () => {
    expect(compileFormula('2 * x + 1')(3)).toBe(7);
    expect(compileFormula('y = 2x')(4)).toBe(8);
    expect(compileFormula('sqrt(x) + max(1, 2) + abs(-pi) - pi')(16)).toBeCloseTo(6, 12);
    expect(compileFormula('x > 5')(6)).toBe(1);
    expect(compileFormula('x == 5 ? 10 : 20')(5)).toBe(10);
    expect(compileFormula('x % 7')(1700000000000)).toBe(1700000000000 % 7);
    expect(compileFormula('log(x)')(-1)).toBeNaN();
  });

  it.each([
    ['x +', /does not parse/],
    ['y', /unknown name "y"/],
    ['foo(x)', /calls a function/],
    ['import({}, {})', /calls a function/],
    ['evaluate("1")', /calls a function/],
    ['createUnit("foo")', /calls a function/],
    ['cos.constructor("return 1")()', /not/],
    ['[1, 2]', /array syntax/],
    ['{a: 1}', /object syntax/],
    ['"text"', /constant that is not a number/],
    ['x.constructor', /not/],
    ['f(x) = x', /not/],
    ['a = 1; a', /not/],
    ['1:3', /range syntax/],
  ])('refuses %s, which is not a formula of x', (formula, reason) => {
    expect(() => compileFormula(formula)).toThrow(FormulaError);
    expect(() => compileFormula(formula)).toThrow(reason);
  });

  it('refuses a formula longer than the limit', () => {
    expect(() => compileFormula(`x${' + 1'.repeat(MAX_FORMULA_LENGTH)}`)).toThrow(/longer than/);
  });
});
