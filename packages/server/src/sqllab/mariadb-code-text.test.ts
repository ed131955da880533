import { describe, expect, it } from 'vitest';
import { mariadbCodeText } from './mariadb-code-text';

describe('mariadbCodeText', () => {
  it('blanks string data and comments, keeping offsets', () => {
    const sql = "SELECT 'global' AS g, 'it''s' # outfile\n, 1 -- load_file\n/* x */";
    const code = mariadbCodeText(sql);
    expect(code).toHaveLength(sql.length);
    expect(code.replace(/\s+/g, ' ').trim()).toBe('SELECT AS g, , 1');
  });

  it('keeps what any sql_mode reads as code', () => {
    // With backslash escapes the string runs on; without them load_file is code.
    expect(mariadbCodeText("SELECT 'a\\' , load_file('x') -- '")).toContain('load_file');
    // With ANSI_QUOTES "…" is an identifier, which is code.
    expect(mariadbCodeText('SELECT "load_file"')).toContain('load_file');
    expect(mariadbCodeText('SELECT `sys_exec`(1)')).toContain('sys_exec');
    // `--` not followed by a space is two minus signs: what follows is code.
    expect(mariadbCodeText('SELECT 1 --load_file')).toContain('load_file');
  });

  it('reads executable comments as code', () => {
    expect(mariadbCodeText('SELECT 1 /*! , load_file(1) */')).toContain('load_file');
    expect(mariadbCodeText('SELECT 1 /*M!100000 , load_file(1) */')).toContain('load_file');
  });
});
