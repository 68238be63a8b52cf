import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { privateSecretFile } from '../../private-files';

/**
 * The mail password the owner saves is sealed (AES-256-GCM) with a key of this server's: 32 random
 * bytes in `DATA_DIR/mail-key`, made at first use, 0600. Backups leave the file out
 * (restore-policy.ts backs up only upload-secret and the .eml outbox), so a backup, or a copy of
 * the database, holds the password only sealed; after a restore to a new server the owner types
 * it again. Servers that share one database share the file too (docs/operations.md).
 */
export const mailKeyFile = 'mail-key';

export interface SecretBox {
  seal(secret: string): Promise<string>;
  /** The secret, or null when it was sealed with another key (another server's) or is damaged. */
  open(sealed: string): Promise<string | null>;
}

export function secretBox(dataDir: string): SecretBox {
  let key: Promise<Buffer> | undefined;
  const loadKey = () => (key ??= loadOrMakeKey(dataDir));
  const keyId = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 8);
  return {
    async seal(secret) {
      const bytes = await loadKey();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', bytes, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return ['v1', keyId(bytes), iv.toString('base64url'), sealed.toString('base64url')].join('.');
    },
    async open(sealed) {
      const bytes = await loadKey();
      const [version, id, iv, body] = sealed.split('.');
      if (version !== 'v1' || id !== keyId(bytes) || !iv || !body) return null;
      const data = Buffer.from(body, 'base64url');
      if (data.length < 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', bytes, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(data.subarray(data.length - 16));
        return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

async function loadOrMakeKey(dataDir: string): Promise<Buffer> {
  const bytes = Buffer.from(await privateSecretFile(dataDir, mailKeyFile), 'base64url');
  if (bytes.length !== 32)
    throw new Error(
      `${path.join(dataDir, mailKeyFile)} holds no usable key; delete it to make a new one (then type the mail password again).`,
    );
  return bytes;
}
