import { createBrowserRouter } from 'react-router';
import { routes } from './routes-config';

/** The app's data router. */
export const router = createBrowserRouter(routes);
