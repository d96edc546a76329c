/** Query keys of the account screens; a mutation invalidates only what it changes. */
export const profileKeys = {
  profile: ['user', 'profile'] as const,
  picture: ['user', 'picture'] as const,
};
