import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useLanguage } from '../i18n/i18n';

/**
 * What React Aria's controls need around them: the page's locale (dates, numbers, the order of a
 * calendar's days) and links that navigate in-app. Not in the booking page's first load, whose
 * first screen has no React Aria control: importing React Aria runs its locale detection, which
 * makes the browser's first Intl call (tens of milliseconds on a slow phone) in the task that
 * starts the page. The public shell's areas put it around themselves (with-aria.tsx); the back
 * office's shell around everything.
 */
export function AriaProviders({ children }: { children: ReactNode }) {
  const { locale } = useLanguage();
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale={locale}>
      <RouterProvider navigate={navigate}>{children}</RouterProvider>
    </I18nProvider>
  );
}
