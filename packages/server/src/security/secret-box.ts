import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { LumenError } from '../errors';

/**
 * Authenticated encryption of secrets kept in the metadata store (database passwords, SSH tunnel secrets).
 *
 * The key is derived from Lumen's secret key with HKDF-SHA256, so there is no second key to manage, and the
 * cipher is AES-256-GCM with a random 96-bit nonce per value. A sealed value reads
 * `lumen:v1:<key id>:<base64url(nonce ‖ ciphertext ‖ tag)>`: the version lets the format change later, the
 * key id (a fingerprint of the derived key, not the key) tells which secret key sealed it, so a rotation can
 * accept the previous key and name the value that neither key opens.
 *
 * Every value is bound (GCM additional data) to where it is stored, e.g. `dbs.password|<database uuid>`:
 * a ciphertext copied into another row or column does not open there.
 */
const VERSION = 'v1';
const PREFIX = `lumen:${VERSION}:`;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^lumen:v1:([0-9a-f]{8}):([A-Za-z0-9_-]+)$/;

/**
 * A sealed value that cannot be opened: tampered, truncated, bound elsewhere, or sealed with an unknown key.
 * A 500 whose message is shown: it names the column and database, never the secret, so operators can act.
 */
export class SecretDecryptionError extends LumenError {
  override name = 'SecretDecryptionError';
  constructor(message: string) {
    super(500, message);
  }
}

interface DerivedKey {
  id: string;
  key: Buffer;
}

function deriveKey(secretKey: string): DerivedKey {
  const ikm = Buffer.from(secretKey, 'utf8');
  const key = Buffer.from(hkdfSync('sha256', ikm, 'lumen-secret-box', 'lumen metadata secrets v1', 32));
  // The id is a hash of the derived key: it identifies the key without revealing anything usable about it.
  const id = createHash('sha256').update('lumen key id|').update(key).digest('hex').slice(0, 8);
  return { id, key };
}

/** Whether a stored value has the sealed format (it may still fail to open). */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

/** The key id of a sealed value, or null when the value is not sealed. */
export function sealedKeyId(value: string): string | null {
  return SEALED.exec(value)?.[1] ?? null;
}

export class SecretBox {
  private readonly current: DerivedKey;
  private readonly previous: DerivedKey[];

  /**
   * @param secretKey the current secret key: everything is sealed with it.
   * @param previousKeys keys still accepted for opening (during a rotation), never for sealing.
   */
  constructor(secretKey: string, previousKeys: readonly string[] = []) {
    if (!secretKey) throw new Error('SecretBox needs the secret key');
    this.current = deriveKey(secretKey);
    this.previous = previousKeys.filter((k) => k && k !== secretKey).map(deriveKey);
  }

  /** Id of the current key (shown by the rotation command). */
  get keyId(): string {
    return this.current.id;
  }

  /** Encrypts `plaintext` for the place `binding` names (e.g. `dbs.password|<uuid>`). */
  seal(plaintext: string, binding: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    cipher.setAAD(additionalData(this.current.id, binding));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const payload = Buffer.concat([nonce, body, cipher.getAuthTag()]);
    return `${PREFIX}${this.current.id}:${payload.toString('base64url')}`;
  }

  /** Decrypts a sealed value stored at `binding`; throws SecretDecryptionError naming `label` when it cannot. */
  open(sealed: string, binding: string, label = binding): string {
    const match = SEALED.exec(sealed);
    if (!match) throw new SecretDecryptionError(`${label} is not an encrypted value (expected ${PREFIX}…); run the metadata migration`);
    const [, keyId, encoded] = match as unknown as [string, string, string];
    const key = [this.current, ...this.previous].find((k) => k.id === keyId);
    if (!key) {
      throw new SecretDecryptionError(
        `${label} was encrypted with secret key ${keyId}, but the current key is ${this.current.id}` +
          (this.previous.length ? ` and the previous key is ${this.previous.map((k) => k.id).join(', ')}` : '') +
          ': set LUMEN_PREVIOUS_SECRET_KEY to the key it was encrypted with and run `lumen rotate-secret-key`',
      );
    }
    const payload = Buffer.from(encoded, 'base64url');
    if (payload.length < NONCE_BYTES + TAG_BYTES) throw new SecretDecryptionError(`${label} is truncated: the encrypted value is corrupt`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, payload.subarray(0, NONCE_BYTES));
    decipher.setAAD(additionalData(keyId, binding));
    decipher.setAuthTag(payload.subarray(payload.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(payload.subarray(NONCE_BYTES, payload.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError(`${label} failed authentication: the encrypted value was altered, is corrupt or belongs to another record`);
    }
  }

  /** Whether a sealed value was sealed with a key other than the current one (a rotation re-seals it). */
  isStale(sealed: string): boolean {
    const keyId = sealedKeyId(sealed);
    return keyId !== null && keyId !== this.current.id;
  }
}

/** The version and key id are authenticated too, so neither can be swapped without the tag failing. */
function additionalData(keyId: string, binding: string): Buffer {
  return Buffer.from(`${PREFIX}${keyId}|${binding}`, 'utf8');
}

const boxes = new Map<string, SecretBox>();

/**
 * The box of a configuration: the current secret key, and the previous one while a rotation is under way.
 * Cached per key pair, since HKDF runs once per key.
 */
export function secretBoxOf(config: { secretKey: string; previousSecretKey?: string | null }): SecretBox {
  const cacheKey = `${config.secretKey}\u0000${config.previousSecretKey ?? ''}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = new SecretBox(config.secretKey, config.previousSecretKey ? [config.previousSecretKey] : []);
    if (boxes.size > 16) boxes.clear();
    boxes.set(cacheKey, box);
  }
  return box;
}
