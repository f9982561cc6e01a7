import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import * as campaigns from './crud.js';
import { campaignsLibraryRoutes } from './library-routes.js';
import { renderMjmlDocument } from './render-mjml.js';
import {
  CampaignCreateBody,
  CampaignListQuery,
  CampaignOut,
  CampaignUpdateBody,
  RenderMjmlBody,
  RenderMjmlOut,
  UnsubscribeBody,
  UnsubscribeOut,
} from './schemas.js';
import { startSend } from './send.js';
import { unsubscribe } from './unsubscribe.js';

const tags = ['campaigns'];

/** Email campaigns, under /api/campaigns. Every route is Admin but unsubscribe. */
export async function campaignsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  await campaignsLibraryRoutes(app, ctx);

  app.post('/api/campaigns/render-mjml', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'renderMjml',
      tags,
      summary: 'Render an MJML document to HTML (preview)',
      description:
        'Strict MJML validation: an invalid document is 400 `invalid_mjml` with one `details` entry per problem ' +
        '(`{ field: "mjml", message: "line 3 (mj-text): Attribute foo is illegal" }`). `mj-include` is ignored.',
      body: RenderMjmlBody,
      response: { 200: RenderMjmlOut, 400: errorRef },
    },
    handler: (request) => renderMjmlDocument(request.body.mjml),
  });

  app.post('/api/campaigns/unsubscribe', {
    config: { auth: 'none' },
    schema: {
      operationId: 'unsubscribe',
      tags,
      summary: 'Unsubscribe a client from campaigns (the link in every campaign email)',
      description:
        'No sign-in: the `token` from the email link (`{PUBLIC_BASE_URL}/unsubscribe?token=…`) is the proof. ' +
        'Puts the client on the suppression list and withdraws `marketing_consent`; no later send reaches them, ' +
        'including recipients of a send already under way. Idempotent. A token that is not ours is 400 `invalid_token`.',
      body: UnsubscribeBody,
      response: { 200: UnsubscribeOut, 400: errorRef },
    },
    handler: (request) => unsubscribe(ctx, request.body.token),
  });

  // RFC 8058 one-click unsubscribe: the mail client itself POSTs `List-Unsubscribe=One-Click`
  // as a form to the address in the email's List-Unsubscribe header; the token is in the
  // query. The form body carries nothing more, so it is read (bounded) and dropped, in a
  // scope of its own so no other route accepts forms.
  await instance.register(async (scope) => {
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post('/api/campaigns/unsubscribe/one-click', {
      config: { auth: 'none' },
      schema: {
        operationId: 'unsubscribeOneClick',
        tags,
        summary: 'One-click unsubscribe (RFC 8058), for mail clients',
        description:
          'The address of the `List-Unsubscribe` header of every campaign email, with `List-Unsubscribe-Post: ' +
          'List-Unsubscribe=One-Click`: the mail client POSTs a form (`List-Unsubscribe=One-Click`) to it. Same ' +
          'effect as `POST /api/campaigns/unsubscribe`; the `token` is in the query. Not for front ends.',
        querystring: UnsubscribeBody,
        response: { 200: UnsubscribeOut, 400: errorRef },
      },
      handler: (request) => unsubscribe(ctx, request.query.token),
    });
  });

  app.get('/api/campaigns', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listCampaigns',
      tags,
      summary: 'List campaigns, newest first',
      description: '`page` activates pagination.',
      querystring: CampaignListQuery,
      response: { 200: Listing(CampaignOut), 400: errorRef },
    },
    handler: (request) => campaigns.listCampaigns(ctx, request.query),
  });

  app.post('/api/campaigns', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createCampaign',
      tags,
      summary: 'Create a campaign (status `draft`)',
      description:
        '`blocks`: email-builder blocks (see the Block schema); a block missing a field its type needs, or a link ' +
        'that is not http(s)/mailto, is 400 `validation_failed` naming the field (`blocks.2.href`). ' +
        '`segment_filters`: the known filter names only (see the SegmentFilters schema); any other name is 400.',
      body: CampaignCreateBody,
      response: { 201: CampaignOut, 400: errorRef },
    },
    handler: async (request, reply) => {
      const campaign = await campaigns.createCampaign(ctx, currentUser(request), request.body);
      return reply.status(201).send(campaign);
    },
  });

  app.get('/api/campaigns/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getCampaign',
      tags,
      summary: 'One campaign with its delivery counts',
      description:
        'While `sending`, the counts show progress: `pending_count` falls as `sent_count`, `failed_count` and ' +
        '`skipped_count` rise.',
      params: IdParams,
      response: { 200: CampaignOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => campaigns.getCampaign(ctx, request.params.id),
  });

  app.put('/api/campaigns/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateCampaign',
      tags,
      summary: 'Update a draft campaign; only the fields present change',
      description: 'A campaign that is `sending` or `sent` is 409 `campaign_not_editable`.',
      params: IdParams,
      body: CampaignUpdateBody,
      response: { 200: CampaignOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => campaigns.updateCampaign(ctx, request.params.id, request.body),
  });

  app.delete('/api/campaigns/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteCampaign',
      tags,
      summary: 'Delete a campaign (draft or sent)',
      description: 'A campaign being sent is 409 `campaign_not_editable`.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await campaigns.deleteCampaign(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  app.post('/api/campaigns/:id/send', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'sendCampaign',
      tags,
      summary: 'Send a draft campaign',
      description:
        'Builds the recipient list now (clients with an email, `marketing_consent` 1, not unsubscribed, matching ' +
        '`segment_filters`) and enqueues one `campaign.send` job per recipient, in the transaction that makes the ' +
        'campaign `sending`; answers 202 with the campaign. The worker renders and sends; the campaign becomes ' +
        '`sent` when every recipient is done. With no recipient it is `sent` at once. ' +
        '409 `campaigns_disabled` when `bulk_campaigns_enabled` is off; 409 `campaign_already_sent` on a second send.',
      params: IdParams,
      response: { 202: CampaignOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const campaign = await startSend(ctx, request.params.id);
      return reply.status(202).send(campaign);
    },
  });
}
