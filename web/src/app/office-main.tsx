import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/base.css';
import { applyStoredLook } from './look';
import { OfficeApp } from './OfficeApp';
import { registerOfficeWorker } from './office-worker';

applyStoredLook();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfficeApp />
  </StrictMode>,
);
registerOfficeWorker();
