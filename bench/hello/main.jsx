// Baseline for the web figures: the smallest React 19 app, built by the same Vite as CrowdMix.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <h1>Hello, world</h1>
  </StrictMode>,
);
