import { RouterProvider } from 'react-router/dom';
import { publicConfigQueryOptions } from '../features/config/api/get-public-config';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { router } from './router';

const queryClient = createQueryClient();
// Load the public config once at startup; its answer also sets the XSRF-TOKEN cookie.
void queryClient.prefetchQuery(publicConfigQueryOptions);

/** The whole app: providers around the router. */
export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
