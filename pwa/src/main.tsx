import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { routes } from './app/routes';
import { registerServiceWorker } from './features/pwa/lib/service-worker';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element.');

const router = createBrowserRouter(routes);

createRoot(rootElement).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

registerServiceWorker();
