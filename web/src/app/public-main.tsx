import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/base.css';
import { startEmbed } from '../lib/embed';
import { applyStoredLook } from './look';
import { PublicApp } from './PublicApp';

startEmbed();
applyStoredLook();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
