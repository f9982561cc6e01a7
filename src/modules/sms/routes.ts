import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import { SmsOut, SmsQuery, SmsQueued, TestSmsBody, TwilioForm, TwilioSignatureHeaders } from './schemas.js';
import { getSms, listSms, queueTestSms, receiveTwilioInbound, receiveTwilioStatus } from './service.js';

const SIGNED =
  'Authenticated by `X-Twilio-Signature` (HMAC-SHA1 with the stored `sms_auth_token` over PUBLIC_BASE_URL + path and the sorted form fields, base64); a missing or wrong signature is 403 `invalid_signature` and changes nothing.';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export async function smsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/system/sms', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listSms',
      tags: ['system'],
      summary: 'The SMS outbox, newest first',
      querystring: SmsQuery,
      response: { 200: Listing(SmsOut), 400: errorRef },
    },
    handler: (request) => listSms(ctx, request.query),
  });

  app.get('/api/system/sms/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getSms',
      tags: ['system'],
      summary: 'One outbox SMS, with its text',
      description:
        'The text as handed to the provider. A text carrying a secret (a sign-in or cancel link) is `redacted: true` with `body` null where MAIL_PREVIEW is off (the default with NODE_ENV=production), and once erased.',
      params: IdParams,
      response: { 200: SmsOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => getSms(ctx, request.params.id),
  });

  app.post('/api/settings/test-sms', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'sendTestSms',
      tags: ['settings'],
      summary: 'Queue one test SMS through the configured provider',
      description:
        'Answers 202 with the outbox id; follow it at `GET /api/system/sms/{id}` (`unsent` when SMS is not configured). 400 `invalid_phone` for a number that is not one.',
      body: TestSmsBody,
      response: { 202: SmsQueued, 400: errorRef },
    },
    handler: async (request, reply) => reply.code(202).send(await queueTestSms(ctx, request.body.to)),
  });

  // Twilio posts form-encoded fields, and signs every one of them.
  await instance.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const webhooks = scope.withTypeProvider<TypeBoxTypeProvider>();
    webhooks.post('/api/webhooks/sms/twilio', {
      config: { auth: 'none' },
      schema: {
        operationId: 'receiveTwilioSmsStatus',
        tags: ['sms'],
        summary: 'Twilio delivery report (StatusCallback)',
        description: `${SIGNED} \`MessageStatus\` \`delivered\` marks the message delivered; \`failed\`/\`undelivered\` mark it failed with the ErrorCode. Repeats and late reports change nothing.`,
        headers: TwilioSignatureHeaders,
        body: TwilioForm,
        response: { 200: Ok, 400: errorRef, 403: errorRef },
      },
      handler: (request) => receiveTwilioStatus(ctx, request.url, request.body, request.headers['x-twilio-signature']),
    });
    webhooks.post('/api/webhooks/sms/twilio/inbound', {
      config: { auth: 'none' },
      schema: {
        operationId: 'receiveTwilioSmsInbound',
        tags: ['sms'],
        summary: 'Twilio inbound message (opt-out and opt-in)',
        description: `${SIGNED} A \`Body\` of STOP, STOPALL, UNSUBSCRIBE, CANCEL, END or QUIT (any case) clears \`sms_consent\` of every client whose phone is \`From\`; START or UNSTOP sets it again. Other texts are ignored. Each \`MessageSid\` acts once: a replayed or repeated message is answered 200 and changes nothing.`,
        headers: TwilioSignatureHeaders,
        body: TwilioForm,
        response: {
          200: {
            description: 'An empty TwiML document: nothing is sent back to the client.',
            content: { 'text/xml': { schema: Type.String() } },
          },
          400: errorRef,
          403: errorRef,
        },
      },
      // Twilio reads the answer to an incoming message as TwiML, the instructions for what to
      // reply; anything else is logged as an error on the salon's Twilio account. No reply is
      // sent: Twilio itself answers STOP and START with the carrier-required confirmations.
      handler: async (request, reply) => {
        await receiveTwilioInbound(ctx, request.url, request.body, request.headers['x-twilio-signature']);
        return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
      },
    });
  });
}
