import dns from 'node:dns';
import net from 'node:net';

function isLoopback(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address === 'localhost') return true;
  if (net.isIPv4(address)) return address.startsWith('127.');
  if (net.isIPv6(address)) return address === '::1' || address.startsWith('::ffff:127.');
  return false;
}

function refusal(host: string, code: string): Error {
  return Object.assign(new Error(`${code} ${host}: the fuzz test keeps every connection on this machine`), {
    code,
  });
}

type Callback = (error: Error | null, ...rest: unknown[]) => void;

/**
 * Generated input is arbitrary: a fuzzed `PUT /api/settings` may name any mail server, and
 * the test email that follows would connect to it. While the fuzzer runs, every socket to
 * an address off this machine, and every name look-up of such an address, fails at once
 * (ECONNREFUSED, ENOTFOUND), as they would on a machine without a network: the service must
 * answer that with a clear error, which the fuzzer then checks like any other answer.
 * Returns the function that lifts the guard.
 */
export function keepConnectionsOnLoopback(): () => void {
  const restore: Array<() => void> = [];
  const patch = <T extends object>(target: T, name: keyof T & string, wrap: (original: any) => unknown) => {
    const original = target[name];
    (target as any)[name] = wrap(original);
    restore.push(() => ((target as any)[name] = original));
  };

  patch(
    net.Socket.prototype,
    'connect',
    (original: (...args: unknown[]) => net.Socket) =>
      function (this: net.Socket, ...args: unknown[]) {
        // net.connect() passes its arguments normalised as one array; a socket.connect() caller passes them as given.
        const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
        const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
          host?: unknown;
          path?: unknown;
        };
        const host = typeof options.host === 'string' ? options.host : 'localhost';
        if (!options.path && !isLoopback(host)) {
          process.nextTick(() => this.destroy(refusal(host, 'ECONNREFUSED')));
          return this;
        }
        return original.apply(this, args);
      },
  );

  const lookups = ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny'] as const;
  for (const target of [dns, dns.Resolver.prototype] as Array<Record<string, unknown>>) {
    for (const name of lookups) {
      if (typeof target[name] !== 'function') continue;
      patch(
        target,
        name,
        (original: (...args: unknown[]) => unknown) =>
          function (this: unknown, host: unknown, ...rest: unknown[]) {
            if (typeof host === 'string' && !isLoopback(host)) {
              const callback = rest.at(-1) as Callback;
              process.nextTick(() => callback(refusal(host, 'ENOTFOUND')));
              return undefined;
            }
            return original.call(this, host, ...rest);
          },
      );
    }
  }
  for (const target of [dns.promises, dns.promises.Resolver.prototype] as Array<Record<string, unknown>>) {
    for (const name of lookups) {
      if (typeof target[name] !== 'function') continue;
      patch(
        target,
        name,
        (original: (...args: unknown[]) => Promise<unknown>) =>
          function (this: unknown, host: unknown, ...rest: unknown[]) {
            if (typeof host === 'string' && !isLoopback(host)) return Promise.reject(refusal(host, 'ENOTFOUND'));
            return original.call(this, host, ...rest);
          },
      );
    }
  }
  return () => {
    for (const undo of restore.reverse()) undo();
  };
}
