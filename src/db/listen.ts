import pg from 'pg';

/*
 * PostgreSQL LISTEN on a connection of its own: the pool's connections are lent per query and
 * a notification is only delivered to the session that listens. A notification arrives after
 * its transaction committed, in commit order, and never for a transaction that rolled back.
 */

export interface Listener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** One NOTIFY's payload. */
  message(payload: string): void;
  /** The connection dropped: notifications sent until it is back are lost. It reconnects by itself. */
  lost(error: unknown): void;
}

/** Resolves once listening; reconnects after `retryMs` whenever the connection is lost, until closed. */
export async function listen(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  retryMs = 1000,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const retry = (error: unknown) => {
    if (closed) return;
    handlers.lost(error);
    timer = setTimeout(() => void open().catch(retry), retryMs);
  };

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      retry(error);
    };
    next.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload !== undefined)
        handlers.message(notification.payload);
    });
    // Until connected, a failure is the rejection below; an 'error' event without a listener would crash.
    const early = () => undefined;
    next.on('error', early);
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('notification');
      await next.end().catch(() => undefined);
      throw error;
    }
    // Only now: a failure above is the caller's (the first time) or retry's to handle.
    next.off('error', early);
    next.on('error', drop);
    next.on('end', () => drop(new Error('listening connection ended')));
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  await open();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
