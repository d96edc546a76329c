import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM with a random 96-bit nonce per value; the stored form is nonce.tag.ciphertext.
export const encryptText = (key: Buffer, plain: string): string => {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
};

export const decryptText = (key: Buffer, stored: string): string => {
  const [nonce, tag, body] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!nonce || !tag || !body) throw new Error('Malformed encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
};
