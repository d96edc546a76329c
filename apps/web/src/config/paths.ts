/** Every route of product.md#screens-and-routes, built in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  admin: '/admin',
  profile: '/admin/profile',
  pricing: '/admin/pricing',
  subscription: '/admin/subscription',
  settings: '/admin/settings',
  templates: '/admin/templates',
  template: (templateName: string) => `/admin/templates/${encodeURIComponent(templateName)}`,
} as const;
