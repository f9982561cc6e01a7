import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/base.css';
import { applyStoredLook } from './look';
import { OfficeApp } from './OfficeApp';
import { preloadOfficePage } from './office-pages';
import { registerOfficeWorker } from './office-worker';

applyStoredLook();
// The address's chunks start now, beside the session's refresh, rather than once it has answered.
preloadOfficePage(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfficeApp />
  </StrictMode>,
);
registerOfficeWorker();
