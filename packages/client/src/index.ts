export { createPlatenClient } from './client.ts';
export type { GenerateOptions, PlatenClient, PlatenClientOptions } from './client.ts';
export { PlatenError } from './errors.ts';
export type { FieldProblem } from './errors.ts';
export type { PlatenSession, UploadTemplateInput } from './session.ts';
export type * from './types.ts';
