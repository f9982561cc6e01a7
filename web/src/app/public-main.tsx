import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/base.css';
import { warmLikelyLanguage } from '../i18n/i18n';
import { startEmbed } from '../lib/embed';
import { applyStoredLook } from './look';
import { PublicApp } from './PublicApp';

warmLikelyLanguage();
startEmbed();
applyStoredLook();

// Rendered as a transition: React then works in slices of a few milliseconds and lets the
// browser in between (a slow phone's main thread is never blocked for long while the page
// starts), rather than in one piece, as an ordinary update is.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  ),
);
