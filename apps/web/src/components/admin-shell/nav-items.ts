import {
  IconAdjustments,
  IconCreditCard,
  IconFileText,
  IconLayoutDashboard,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';

export type NavItem = { label: string; to: string; icon: Icon; isExact: boolean };

/** product.md#screens-and-routes: the five sidebar entries, in order. */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.admin, icon: IconLayoutDashboard, isExact: true },
  { label: 'Templates', to: paths.templates, icon: IconFileText, isExact: false },
  { label: 'Profile', to: paths.profile, icon: IconUserCircle, isExact: false },
  { label: 'Subscriptions', to: paths.pricing, icon: IconCreditCard, isExact: false },
  { label: 'Settings', to: paths.settings, icon: IconAdjustments, isExact: false },
];
