import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes). argon2 takes the whole password: nothing past
// byte 72 is dropped, unlike bcrypt.
const ARGON2ID = 2; // Algorithm.Argon2id: a const enum, which isolated modules cannot import
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// Verifying against this when the account does not exist keeps the timing of both answers alike.
let dummyHash: Promise<string> | undefined;

export const verifyPassword = async (
  storedHash: string | undefined,
  password: string,
): Promise<boolean> => {
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
};
