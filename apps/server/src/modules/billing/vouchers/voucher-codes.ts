import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** `PLT-XXXX-XXXX-XXXX-XXXX`: 16 random symbols of 31, about 79 bits, far beyond guessing. */
export const newVoucherCode = (): string => {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return ['PLT', ...groups].join('-');
};

/** People type codes in any case and with stray spaces. */
export const normaliseVoucherCode = (input: string): string =>
  input.trim().toUpperCase().replace(/\s+/g, '');
