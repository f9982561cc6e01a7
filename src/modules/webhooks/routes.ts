import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Ok } from '../../http/schemas.js';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES } from './event-types.js';
import {
  DeliveryListQuery,
  DeliveryPage,
  EndpointCreateBody,
  EndpointOut,
  EndpointUpdateBody,
  EventTypeList,
} from './schemas.js';
import * as webhooks from './service.js';

const tags = ['webhooks'];

const SECRET_ONCE =
  'The answer holds the signing secret (`whsec_…`) in full: keep it now, no later answer shows it (reads mask it). Verify deliveries with it as docs/api.md "Webhooks" shows.';

const URL_RULES =
  '400 `webhook_url_refused`: not https (http only with WEBHOOKS_ALLOW_HTTP), a user name or password in it, a port other than 80, 443 or 8443 (others only with WEBHOOKS_ALLOW_PORTS), or a host with a private, loopback, link-local, multicast, unique-local or metadata address, or an IPv6 form carrying one (allowed only with WEBHOOKS_ALLOW_PRIVATE); 400 `webhook_url_unresolvable`: the host does not resolve.';

/** Outbound webhooks: endpoints, their delivery log, redelivery (docs/api.md "Webhooks"). */
export async function webhooksRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/webhooks/event-types', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listWebhookEventTypes',
      tags,
      summary: 'Every event type an endpoint may subscribe to',
      response: { 200: EventTypeList, 400: errorRef },
    },
    handler: async () => WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENTS[type] })),
  });

  app.get('/api/webhooks/endpoints', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listWebhookEndpoints',
      tags,
      summary: 'List the webhook endpoints, by id (secrets masked)',
      response: { 200: Type.Array(EndpointOut), 400: errorRef },
    },
    handler: () => webhooks.listEndpoints(ctx),
  });

  app.post('/api/webhooks/endpoints', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createWebhookEndpoint',
      tags,
      summary: 'Register a webhook endpoint',
      description: `${SECRET_ONCE} ${URL_RULES}`,
      body: EndpointCreateBody,
      response: { 201: EndpointOut, 400: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await webhooks.createEndpoint(ctx, request.body)),
  });

  app.get('/api/webhooks/endpoints/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getWebhookEndpoint',
      tags,
      summary: 'One webhook endpoint (secret masked)',
      params: IdParams,
      response: { 200: EndpointOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => webhooks.getEndpoint(ctx, request.params.id),
  });

  app.put('/api/webhooks/endpoints/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateWebhookEndpoint',
      tags,
      summary: 'Change a webhook endpoint; only the fields present change',
      description: `\`enabled: false\` disables it and gives up its pending deliveries; \`enabled: true\` enables it again and clears its failure streak. ${URL_RULES}`,
      params: IdParams,
      body: EndpointUpdateBody,
      response: { 200: EndpointOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => webhooks.updateEndpoint(ctx, request.params.id, request.body),
  });

  app.delete('/api/webhooks/endpoints/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteWebhookEndpoint',
      tags,
      summary: 'Delete a webhook endpoint with its delivery log',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await webhooks.deleteEndpoint(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  app.post('/api/webhooks/endpoints/:id/rotate-secret', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'rotateWebhookSecret',
      tags,
      summary: "Replace an endpoint's signing secret",
      description: `${SECRET_ONCE} The old secret stops signing at once, for retries of pending deliveries too.`,
      params: IdParams,
      response: { 200: EndpointOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => webhooks.rotateSecret(ctx, request.params.id),
  });

  app.get('/api/webhooks/endpoints/:id/deliveries', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listWebhookDeliveries',
      tags,
      summary: "An endpoint's delivery log, newest first, with every attempt",
      description:
        'Always paginated (`page` from 1, `limit` default 50, at most 200). Each attempt shows the status code, duration, the start of the answer and the error.',
      params: IdParams,
      querystring: DeliveryListQuery,
      response: { 200: DeliveryPage, 400: errorRef, 404: errorRef },
    },
    handler: (request) => webhooks.listDeliveries(ctx, request.params.id, request.query),
  });

  app.post('/api/webhooks/deliveries/:id/redeliver', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'redeliverWebhook',
      tags,
      summary: 'Send a delivery again, now',
      description:
        'A finished delivery (succeeded or given up) starts a new round of attempts; a pending one skips the rest of its wait. Same `webhook-id` and body. It still waits for earlier pending deliveries of the same resource. 409 `endpoint_disabled` while its endpoint is disabled.',
      params: IdParams,
      response: {
        202: Type.Object({ ok: Type.Literal(true), delivery_id: Type.Integer() }),
        400: errorRef,
        404: errorRef,
        409: errorRef,
      },
    },
    handler: async (request, reply) => reply.status(202).send(await webhooks.redeliver(ctx, request.params.id)),
  });
}
