/** Query keys of the dashboard. */
export const dashboardKeys = {
  figures: ['dashboard'] as const,
};
