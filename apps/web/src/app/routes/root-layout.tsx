import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** product.md#screens-and-routes: the scroll position resets to the top on every navigation. */
export const RootLayout = () => {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return <Outlet />;
};
