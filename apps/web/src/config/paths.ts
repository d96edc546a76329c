/** Every route of product.md §2, built in one place. */
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
