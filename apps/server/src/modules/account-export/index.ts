/** What the app uses of account exports: the kind of job it gives the jobs module, and the routes. */
export { accountExportKind } from './account-export.service.ts';
export { accountExportRoutes } from './account-export.routes.ts';
