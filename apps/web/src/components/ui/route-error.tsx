import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from './error-fallback';

/** Router error element: errors in layouts or a failed download of a screen's code. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorFallback />;
}
