/**
 * The groups of the API document, in the order a reader meets them, each with what it is for.
 * Every operation's tag (the contract's `tag`) must be one of these: Spectral's
 * `operation-tag-defined` rule checks it.
 */
export const tags = [
  {
    name: 'Documents',
    description: 'Fill a template: one PDF now, or a job when asked to respond async.',
  },
  { name: 'Jobs', description: 'Batches of documents made in the background, and their results.' },
  { name: 'Templates', description: 'Upload PDFs, read and save their fields.' },
  {
    name: 'Template versions',
    description: 'Publish the draft, read and restore versions, and the payload schema.',
  },
  { name: 'Webhooks', description: 'Endpoints that are told when jobs end and plans change.' },
  { name: 'Authentication', description: "A person's session: sign in, refresh, sign out." },
  { name: 'User', description: "The signed-in person's profile, password and API key." },
  { name: 'Account', description: "Export or delete the account's data." },
  { name: 'Billing', description: 'Plans, vouchers, checkout and the billing portal.' },
  { name: 'Dashboard', description: "The month's usage at a glance." },
  { name: 'Operations', description: 'Liveness and readiness, for load balancers.' },
];
