import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/base.css';
import { createAppQueryClient } from '../api/query-client';
import { applyStoredLook } from './look';
import { OfficeApp } from './OfficeApp';
import { startOffice } from './office-start';
import { registerOfficeWorker } from './office-worker';

applyStoredLook();
// The address's chunks, the session's refresh and the requests the address shows start now,
// side by side: none waits for another, nor for the messages and the first render.
const queryClient = createAppQueryClient();
startOffice(queryClient, window.location);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OfficeApp queryClient={queryClient} />
  </StrictMode>,
);
registerOfficeWorker();
