import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import 'react-toastify/ReactToastify.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app/app';

// The server's CSP has no 'unsafe-eval': keep zod from probing `new Function`.
configureZod({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
