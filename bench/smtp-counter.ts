import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The local mail server of the benchmark: accepts every message and only counts it. Unlike
 * test/helpers/smtp-sink.ts it does not parse the MIME, so on a 2-core machine it does not
 * take the CPU that the worker being measured needs.
 */
export class SmtpCounter {
  received = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.on('end', () => {
        this.received += 1;
        callback();
      });
      stream.resume();
    },
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
