import type { z } from 'zod';

/** A setting the server cannot start with; its message names the variable. */
export class ConfigError extends Error {}

/** Every problem zod found in the environment, one variable a line. */
export const invalidConfiguration = (error: z.ZodError): ConfigError => {
  const problems = error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return new ConfigError(`Invalid configuration.\n  ${problems.join('\n  ')}`);
};
