/** Query keys of the dashboard. */
export const dashboardKeys = {
  figures: ['dashboard'] as const,
  // Under the Form tab's ['jobs', 'list'] key, so a job that ends there refreshes this card too.
  recentJobs: ['jobs', 'list', 'account'] as const,
};
