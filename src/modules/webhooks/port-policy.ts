import type { WebhooksConfig } from '../../config.js';

/*
 * A public address is not yet a harmless destination: the same host may run an SSH server, a
 * database or a mail relay on other ports, and a webhook would let an admin (or whoever holds an
 * admin's session) poke at them and read the answers in the delivery log. Receivers listen on
 * the web's ports, so those are the only ones allowed unless the operator names others
 * (WEBHOOKS_ALLOW_PORTS).
 */

export const WEBHOOK_PORTS: readonly number[] = [80, 443, 8443];

/** The port a connection to `url` uses: the one written, else the scheme's own. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

export function isAllowedPort(url: URL, extraPorts: WebhooksConfig['extraPorts']): boolean {
  if (extraPorts === 'any') return true;
  const port = portOf(url);
  return WEBHOOK_PORTS.includes(port) || (extraPorts ?? []).includes(port);
}

export class RefusedPortError extends Error {
  constructor(readonly port: number) {
    super(`refused to connect to port ${port}: only ${WEBHOOK_PORTS.join(', ')} (WEBHOOKS_ALLOW_PORTS allows others)`);
  }
}
