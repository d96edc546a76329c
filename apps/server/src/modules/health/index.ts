/** What other code uses of health: its routes. */
export { healthRoutes } from './health.routes.ts';
