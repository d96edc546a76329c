export * from './endpoint.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './health.ts';
