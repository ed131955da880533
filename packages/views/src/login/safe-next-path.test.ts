import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNextPath('/chart/list/?page=2')).toBe('/chart/list/?page=2');
    expect(safeNextPath('/')).toBe('/');
  });

  it('rejects other sites, schemes and the login pages themselves', () => {
    for (const bad of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, undefined, '/\t/evil', '/login/?next=/', '/logout/', 'https:evil.com', '/\n/evil.com', '\\\\evil.com']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
});

describe('loginUrlFor', () => {
  it('carries the current path as next', () => {
    expect(loginUrlFor('/chart/list/')).toBe('/login/?next=%2Fchart%2Flist%2F');
    expect(loginUrlFor('/')).toBe('/login/');
    expect(loginUrlFor('//evil.example')).toBe('/login/');
  });
});
