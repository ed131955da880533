import { describe, expect, it } from 'vitest';
import { isSealed, SecretBox, SecretDecryptionError, sealedKeyId } from './secret-box';

const OLD = 'old-secret-key-0123456789abcdef';
const NEW = 'new-secret-key-fedcba9876543210';

/** Flips one bit of the byte at `index` of a sealed value's payload. */
function flipPayloadByte(sealed: string, index: number): string {
  const [prefix, version, keyId, encoded] = sealed.split(':') as [string, string, string, string];
  const payload = Buffer.from(encoded, 'base64url');
  payload[index] ^= 0x01;
  return `${prefix}:${version}:${keyId}:${payload.toString('base64url')}`;
}

describe('SecretBox (HKDF-SHA256 key, AES-256-GCM)', () => {
  it('seals to a versioned, key-identified value that never contains the plaintext, with a fresh nonce each time', () => {
    const box = new SecretBox(NEW);
    const a = box.seal('hunter2', 'dbs.password|u1');
    const b = box.seal('hunter2', 'dbs.password|u1');
    expect(a).toMatch(/^lumen:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(sealedKeyId(a)).toBe(box.keyId);
    expect(a).not.toContain('hunter2');
    expect(a).not.toBe(b);
    expect(box.open(a, 'dbs.password|u1')).toBe('hunter2');
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
    expect(isSealed('hunter2')).toBe(false);
  });

  it('refuses a tampered value with a clear error, wherever the change is', () => {
    const box = new SecretBox(NEW);
    const sealed = box.seal('pässwörd with ünïcode', 'dbs.password|u1');
    for (const index of [0, 12, 14, Buffer.from(sealed.split(':')[3]!, 'base64url').length - 1]) {
      expect(() => box.open(flipPayloadByte(sealed, index), 'dbs.password|u1', 'dbs.password of database "sales"')).toThrow(
        new SecretDecryptionError('dbs.password of database "sales" failed authentication: the encrypted value was altered, is corrupt or belongs to another record'),
      );
    }
    expect(() => box.open(sealed.slice(0, 20), 'dbs.password|u1')).toThrow(/is truncated/);
    expect(() => box.open('plain text', 'dbs.password|u1', 'the password')).toThrow(/the password is not an encrypted value/);
  });

  it('binds a value to its place: a ciphertext moved to another row or column does not open', () => {
    const box = new SecretBox(NEW);
    const sealed = box.seal('hunter2', 'dbs.password|u1');
    expect(() => box.open(sealed, 'dbs.password|u2')).toThrow(/failed authentication/);
    expect(() => box.open(sealed, 'dbs.encrypted_extra|u1')).toThrow(/failed authentication/);
  });

  it('opens values of the previous key during a rotation, seals only with the current one, and names an unknown key', () => {
    const oldBox = new SecretBox(OLD);
    const sealedOld = oldBox.seal('hunter2', 'b');
    const rotating = new SecretBox(NEW, [OLD]);
    expect(rotating.open(sealedOld, 'b')).toBe('hunter2');
    expect(rotating.isStale(sealedOld)).toBe(true);
    const resealed = rotating.seal('hunter2', 'b');
    expect(rotating.isStale(resealed)).toBe(false);
    expect(sealedKeyId(resealed)).toBe(new SecretBox(NEW).keyId);
    expect(() => new SecretBox(NEW).open(sealedOld, 'b', 'dbs.password of database "sales"')).toThrow(
      `dbs.password of database "sales" was encrypted with secret key ${oldBox.keyId}, but the current key is ${rotating.keyId}: set LUMEN_PREVIOUS_SECRET_KEY to the key it was encrypted with and run \`lumen rotate-secret-key\``,
    );
    expect(new SecretBox(NEW).open(resealed, 'b')).toBe('hunter2');
  });
});
