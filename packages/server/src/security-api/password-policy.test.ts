import { describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { checkPasswordStrength, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-policy';

const refusal = (password: string, owner: object = {}): string | null => {
  try {
    checkPasswordStrength(password, owner);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(LumenError);
    expect((error as LumenError).statusCode).toBe(400);
    return (error as LumenError).message;
  }
};

describe('password strength', () => {
  it('accepts long passwords unrelated to the account', () => {
    expect(refusal('violet-harbour-42', { username: 'ada', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' })).toBeNull();
    expect(refusal('x'.repeat(6) + 'yzw1')).toBeNull();
    expect(refusal('correct horse battery staple')).toBeNull();
  });

  it('names the rule a weak password breaks', () => {
    expect(refusal('a1b2c3d4e'.slice(0, MIN_PASSWORD_LENGTH - 1))).toBe(`Password is too weak: it must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    expect(refusal('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe(`Password is too long: at most ${MAX_PASSWORD_LENGTH} characters`);
    expect(refusal('Password123')).toBe('Password is too weak: it is one of the most common passwords');
    expect(refusal('ababababab')).toBe('Password is too weak: it must contain at least 4 different characters');
    expect(refusal('9876543210')).toBe('Password is too weak: it must not be a sequence such as abcdefghij or 1234567890');
    expect(refusal('my-Lovelace-2024', { last_name: 'Lovelace' })).toBe('Password is too weak: it must not contain the last name');
    expect(refusal('ada.lovelace.pw', { email: 'ada.lovelace@example.com' })).toBe('Password is too weak: it must not contain the email');
  });

  it('ignores names too short to matter', () => {
    expect(refusal('jo-harbour-2024', { first_name: 'Jo' })).toBeNull();
  });
});
