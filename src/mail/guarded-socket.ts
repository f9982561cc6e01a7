import { connect, isIP, type Socket } from 'node:net';
import { guardedLookup, isForbiddenAddress, RefusedAddressError } from '../lib/address-guard.js';

/*
 * The mail server in the settings is an admin's choice, so it is held to the outbound address
 * rules of webhooks: otherwise the test email would probe the salon's own network (an SSH
 * banner read back from 127.0.0.1:22) and reach services that trust it. The connection is made
 * here and handed to nodemailer (its `getSocket`), its name look-up through guardedLookup, so
 * the address judged is the one connected to (no DNS rebinding between a check and the connection).
 */

type SocketCallback = (error: Error | null, socketOptions?: { connection: Socket } | false) => void;

interface ConnectOptions {
  host?: string | undefined;
  port?: number | string | undefined;
  connectionTimeout?: number | undefined;
}

/** A nodemailer `getSocket` that connects only to public addresses. */
export function guardedSocket(options: ConnectOptions, callback: SocketCallback): void {
  const host = (options.host ?? '').replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && isForbiddenAddress(host)) {
    setImmediate(() => callback(new RefusedAddressError(host)));
    return;
  }
  const socket = connect({ host, port: Number(options.port ?? 587), lookup: guardedLookup });
  const timeoutMs = options.connectionTimeout ?? 10_000;
  let done = false;
  const finish = (error: Error | null) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    socket.off('error', finish);
    if (error) {
      socket.destroy();
      callback(error);
    } else {
      callback(null, { connection: socket });
    }
  };
  const timer = setTimeout(
    () => finish(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
    timeoutMs,
  );
  socket.once('connect', () => finish(null));
  socket.once('error', finish);
}
