/** What other code uses of dashboard: its routes. */
export { dashboardRoutes } from './dashboard.routes.ts';
