import type { ComponentType } from 'react';
import { createBrowserRouter, redirect } from 'react-router';
import { PageLoader } from '../components/feedback/PageLoader.tsx';
import { RouteErrorPage } from '../components/feedback/RouteErrorPage.tsx';
import { paths } from '../config/paths.ts';
import { setSessionEndedHandler } from '../lib/api-client.ts';
import { isSignedIn } from '../lib/session.ts';
import { RootLayout } from './routes/root-layout.tsx';

type RouteModule = { default: ComponentType };

/** Every screen is its own chunk: the login page does not download the admin screens. */
const lazy = (load: () => Promise<RouteModule>) => async () => ({
  Component: (await load()).default,
});

/** product.md#screens-and-routes: logged-in visitors of login, register and forgot-password go to /admin. */
const guestOnly = () => (isSignedIn() ? redirect(paths.admin) : null);
/** product.md#screens-and-routes: the /admin area needs a token; without one, /login. */
const requireSession = () => (isSignedIn() ? null : redirect(paths.login));

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: PageLoader,
    // Any route's error, a screen's chunk that failed to load included (it reloads once).
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, loader: () => redirect(paths.login) },
      {
        loader: guestOnly,
        children: [
          { path: 'login', lazy: lazy(() => import('./routes/login.tsx')) },
          { path: 'register', lazy: lazy(() => import('./routes/register.tsx')) },
          { path: 'forgot-password', lazy: lazy(() => import('./routes/forgot-password.tsx')) },
        ],
      },
      { path: 'reset-password', lazy: lazy(() => import('./routes/reset-password.tsx')) },
      {
        path: 'admin',
        loader: requireSession,
        lazy: lazy(() => import('./routes/admin-layout.tsx')),
        children: [
          { index: true, lazy: lazy(() => import('./routes/dashboard.tsx')) },
          { path: 'profile', lazy: lazy(() => import('./routes/profile.tsx')) },
          { path: 'settings', lazy: lazy(() => import('./routes/settings.tsx')) },
          { path: 'pricing', lazy: lazy(() => import('./routes/pricing.tsx')) },
          { path: 'subscription', lazy: lazy(() => import('./routes/subscription.tsx')) },
          { path: 'templates', lazy: lazy(() => import('./routes/templates.tsx')) },
          {
            path: 'templates/:templateName',
            lazy: lazy(() => import('./routes/template-details.tsx')),
          },
          { path: '*', lazy: lazy(() => import('./routes/admin-not-found.tsx')) },
        ],
      },
      { path: '*', lazy: lazy(() => import('./routes/not-found.tsx')) },
    ],
  },
]);

// A session that ends in the API client (refresh failed, token refused) lands on /login.
setSessionEndedHandler(() => void router.navigate(paths.login, { replace: true }));
