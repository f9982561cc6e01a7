import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { WebhooksConfig } from '../../config.js';
import { bareHost, guardedLookup, isForbiddenAddress, RefusedAddressError } from '../../lib/address-guard.js';
import { isAllowedPort, portOf, RefusedPortError } from './port-policy.js';

/** What one attempt got: an answer's status (null without one), its duration, and why not. */
export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer's body (RESPONSE_BODY_LIMIT bytes at most), as text. */
  responseBody: string;
  error: string | null;
  succeeded: boolean;
}

/** How much of an answer's body is kept in the delivery log. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  extraPorts: WebhooksConfig['extraPorts'];
}

/**
 * POSTs `body` to `url` once. A 2xx answer is success; anything else, a redirect included
 * (never followed: a receiver could send the request on to an internal address), is a
 * failure. The timeout covers the whole attempt, connection and answer. A port outside the
 * allowed ones is refused before connecting. Unless private addresses are allowed, the
 * connection resolves its host through guardedLookup, so it can only reach the public address
 * it checked; an IP literal is checked here, since Node does not look it up. Never throws.
 */
export async function postOnce(url: URL, body: string, options: PostOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const host = bareHost(url);
  const refused = (error: Error): AttemptOutcome => ({
    statusCode: null,
    durationMs: 0,
    responseBody: '',
    error: error.message,
    succeeded: false,
  });
  // Checked again at every attempt: the endpoint may predate the rule, or the operator narrowed it.
  if (!isAllowedPort(url, options.extraPorts)) return refused(new RefusedPortError(portOf(url)));
  if (!options.allowPrivate && isIP(host) && isForbiddenAddress(host)) return refused(new RefusedAddressError(host));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = send(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) },
      // A fresh connection per attempt: a pooled socket would skip the look-up and its check.
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => {
      finish({
        statusCode: null,
        responseBody: '',
        error: `no answer within ${options.timeoutMs} ms`,
        succeeded: false,
      });
    }, options.timeoutMs);
    request.on('error', (error) => {
      finish({ statusCode: null, responseBody: '', error: error.message, succeeded: false });
    });
    request.on('response', (response: IncomingMessage) => {
      const statusCode = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const responseBody = Buffer.concat(chunks).toString('utf8');
        const succeeded = statusCode >= 200 && statusCode < 300;
        finish({ statusCode, responseBody, error: succeeded ? null : `answered ${statusCode}`, succeeded });
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_BODY_LIMIT) {
          chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - kept));
          kept += Math.min(chunk.length, RESPONSE_BODY_LIMIT - kept);
        }
        // The rest is not needed: the status is the answer.
        if (kept >= RESPONSE_BODY_LIMIT) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
