import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string;
}

/**
 * Twilio's Messages API as a real HTTP server: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body and
 * StatusCallback, Basic auth AccountSid:AuthToken; answers 201 with Twilio's message JSON
 * (`sid` SM…, `status: queued`) and Twilio's error JSON otherwise. `report` posts a delivery
 * report to the service, signed with X-Twilio-Signature as Twilio signs it.
 */
export class FakeTwilio extends FakeHttpServer {
  readonly messages: FakeTwilioMessage[] = [];

  constructor(
    readonly accountSid = `AC${randomBytes(16).toString('hex')}`,
    readonly authToken = randomBytes(16).toString('hex'),
  ) {
    super((request) => this.route(request));
  }

  private route(request: RecordedRequest): FakeReply {
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return { status: 401, json: { code: 20003, message: 'Authenticate', more_info: '', status: 401 } };
    }
    if (request.method !== 'POST' || request.path !== `/2010-04-01/Accounts/${this.accountSid}/Messages.json`) {
      return { status: 404, json: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    }
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return { status: 400, json: { code: 20001, message: 'Form body expected', status: 400 } };
    }
    const form = new URLSearchParams(request.body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return { status: 400, json: { code: 21211, message: `Invalid 'To' Phone Number: ${to}`, status: 400 } };
    }
    if (!from)
      return { status: 400, json: { code: 21603, message: "A 'From' phone number is required.", status: 400 } };
    if (!body) return { status: 400, json: { code: 21602, message: 'Message body is required.', status: 400 } };
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.messages.push({ sid, to, from, body, statusCallback: form.get('StatusCallback') ?? '' });
    return {
      status: 201,
      json: {
        account_sid: this.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: new Date().toUTCString(),
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        num_segments: '1',
        price: null,
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
      },
    };
  }

  /** The fields and signature of a callback to `url`, signed with `authToken` (a forger uses another). */
  sign(url: string, fields: Record<string, string>, authToken = this.authToken): string {
    return twilio.getExpectedTwilioSignature(authToken, url, fields);
  }

  /**
   * Posts a delivery report for `sid` to the service listening at `serviceBase`; signed over
   * the StatusCallback URL the service gave (its public address), as Twilio does.
   */
  async report(
    serviceBase: string,
    sid: string,
    status: 'sent' | 'delivered' | 'undelivered' | 'failed',
    options: { errorCode?: string; authToken?: string; signature?: string | null } = {},
  ): Promise<Response> {
    const message = this.messages.find((m) => m.sid === sid);
    if (!message) throw new Error(`no message ${sid}`);
    const fields: Record<string, string> = {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      From: message.from,
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: message.to,
      ...(options.errorCode ? { ErrorCode: options.errorCode } : {}),
    };
    const callback = new URL(message.statusCallback);
    const signature =
      options.signature === undefined
        ? this.sign(message.statusCallback, fields, options.authToken)
        : options.signature;
    return fetch(`${serviceBase}${callback.pathname}${callback.search}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      body: new URLSearchParams(fields),
    });
  }

  /**
   * Posts an inbound text from `from` to the service's inbound webhook (`url` is its public
   * address); a new MessageSid unless `messageSid` repeats one (a replay: the same signed request).
   */
  async inbound(
    serviceBase: string,
    url: string,
    from: string,
    body: string,
    messageSid = `SM${randomBytes(16).toString('hex')}`,
  ): Promise<Response> {
    const fields: Record<string, string> = {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      Body: body,
      From: from,
      MessageSid: messageSid,
      NumMedia: '0',
      To: '+3197010203040',
    };
    return fetch(`${serviceBase}${new URL(url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': this.sign(url, fields) },
      body: new URLSearchParams(fields),
    });
  }
}
