/**
 * The check behind "no password, code, token or key in the logs" (security.md §41): every secret
 * the tests sent or received, looked for in every log line the servers wrote during the run.
 */

export type Secret = { kind: string; value: string };

/** Where a secret turned up; the secret itself is never part of a report. */
export type Leak = { kind: string; file: string; line: number; msg: string };

// Tokens, keys and codes are runs of these characters; a log line is cut into such runs so
// thousands of secrets are looked up in a set instead of searched for one by one.
const WORD = /[A-Za-z0-9_.~-]+/g;
const isWord = (value: string) => /^[A-Za-z0-9_.~-]+$/.test(value);

const msgOf = (line: string): string => {
  try {
    const parsed: unknown = JSON.parse(line);
    const msg = (parsed as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg : '(no msg)';
  } catch {
    return '(not a JSON log line)';
  }
};

/** Finds every secret that appears in a log; each leak names the secret's kind, never its value. */
export const findLeaks = (logs: { file: string; text: string }[], secrets: Secret[]): Leak[] => {
  const words = new Map<string, string>();
  const others = new Map<string, string>();
  for (const { kind, value } of secrets) {
    (isWord(value) ? words : others).set(value, kind);
  }
  const leaks: Leak[] = [];
  for (const { file, text } of logs) {
    const suspects = [...others].filter(([value]) => text.includes(value));
    text.split('\n').forEach((line, index) => {
      const found = new Map<string, string>();
      for (const [word] of line.matchAll(WORD)) {
        // Dots join a JWT's parts but also end sentences: try the word and its dot-separated parts.
        for (const part of [word, ...word.split('.')]) {
          const kind = words.get(part);
          if (kind) found.set(part, kind);
        }
      }
      for (const [value, kind] of suspects) if (line.includes(value)) found.set(value, kind);
      // The message itself may hold the secret: it is masked before it goes into a report.
      let msg = msgOf(line);
      for (const value of found.keys()) msg = msg.replaceAll(value, '[secret]');
      for (const kind of new Set(found.values())) {
        leaks.push({ kind, file, line: index + 1, msg });
      }
    });
  }
  return leaks;
};

export const describeLeaks = (leaks: Leak[]): string =>
  [
    `Secrets used by the tests appear in the server logs (${leaks.length} lines):`,
    ...leaks.slice(0, 20).map((l) => `  ${l.kind} in "${l.msg}" (${l.file}:${l.line})`),
  ].join('\n');
