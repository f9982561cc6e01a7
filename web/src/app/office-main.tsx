import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/base.css';
import { restoreSession } from '../api/session';
import { applyStoredLook } from './look';
import { OfficeApp } from './OfficeApp';
import { preloadOfficePage } from './office-pages';
import { registerOfficeWorker } from './office-worker';

applyStoredLook();
// The address's chunks and the session's refresh start now, side by side: neither waits for the
// other, nor for the messages and the first render (each used to, three waves one after another).
preloadOfficePage(window.location.pathname);
void restoreSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfficeApp />
  </StrictMode>,
);
registerOfficeWorker();
