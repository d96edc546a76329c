import type { z } from 'zod';

/** A failed check as product.md#validation shows it: a titled message, and the field to focus. */
export type FormProblem<F extends string = string> = { field: F; title: string; message: string };

/** The first message a schema gives for a value, or undefined when the value passes. */
const firstIssue = (schema: z.ZodType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success
    ? undefined
    : (result.error.issues[0]?.message ?? 'This value is not valid.');
};

type Check<F extends string> = { field: F; title: string } & (
  { schema: z.ZodType; value: unknown } | { isValid: boolean; message: string }
);

const failureOf = <F extends string>(check: Check<F>): FormProblem<F> | undefined => {
  const message =
    'schema' in check
      ? firstIssue(check.schema, check.value)
      : check.isValid
        ? undefined
        : check.message;
  return message ? { field: check.field, title: check.title, message } : undefined;
};

/** Runs checks in order and reports the first that fails (the screens show one toast at a time). */
export const firstProblem = <F extends string>(checks: Check<F>[]): FormProblem<F> | undefined => {
  for (const check of checks) {
    const problem = failureOf(check);
    if (problem) return problem;
  }
  return undefined;
};

/** Every field's first failing check, in the order of the checks: each is marked at its input. */
export const allProblems = <F extends string>(checks: Check<F>[]): FormProblem<F>[] => {
  const problems = new Map<F, FormProblem<F>>();
  for (const check of checks) {
    if (problems.has(check.field)) continue;
    const problem = failureOf(check);
    if (problem) problems.set(check.field, problem);
  }
  return [...problems.values()];
};
