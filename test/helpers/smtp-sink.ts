import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header value by lower-case name (unfolded), e.g. `list-unsubscribe`. */
  header(name: string): string | undefined;
  /** Every part that is not the text or HTML body (a calendar part among them), decoded. */
  attachments: ReceivedPart[];
}

export interface ReceivedPart {
  /** Without parameters, e.g. `text/calendar`. */
  contentType: string;
  /** The Content-Type parameters, e.g. `method` of a calendar part. */
  params: Record<string, string>;
  filename: string | undefined;
  content: string;
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** The passwords of every AUTH it was sent, right or wrong. */
  readonly passwordsSeen: string[] = [];
  private server: SMTPServer;
  port = 0;

  /**
   * `auth`: the server demands these credentials and refuses any other. `refuseRecipient`:
   * the addresses it answers 550 at RCPT TO (a mailbox that does not exist).
   */
  constructor(
    options: {
      rejectWith?: string;
      auth?: { user: string; pass: string };
      refuseRecipient?: (address: string) => boolean;
    } = {},
  ) {
    this.server = new SMTPServer({
      authOptional: !options.auth,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        this.passwordsSeen.push(auth.password ?? '');
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
          return callback(null, { user: auth.username });
        }
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, callback) => {
        if (options.refuseRecipient?.(address.address)) {
          return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        }
        return callback();
      },
      onData: (stream, session, callback) => {
        if (options.rejectWith) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error(options.rejectWith), { responseCode: 550 })));
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.messages.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              attachments: mail.attachments.map((part) => {
                const type = part.headers.get('content-type') as { params?: Record<string, string> } | undefined;
                return {
                  contentType: part.contentType,
                  params: type?.params ?? {},
                  filename: part.filename,
                  content: part.content.toString('utf8'),
                };
              }),
              header: (name) => {
                const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
                return line
                  ?.slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim();
              },
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
