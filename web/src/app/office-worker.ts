/**
 * Registers the office's service worker (/sw.js, served by the service with what it keeps),
 * which keeps the office's shell and files so that the office opens without a network. After
 * the page's load, so its download never competes with the first screen's. Only the office
 * registers it; the booking page does not (the worker leaves its requests alone either way).
 */
export function registerOfficeWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
