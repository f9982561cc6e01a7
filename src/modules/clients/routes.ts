import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Listing, Ok } from '../../http/schemas.js';
import * as clients from './service.js';
import { clientHistory } from './history.js';
import { ClientHistoryOut, ClientHistoryQuery } from './history-schemas.js';
import * as gdpr from './gdpr.js';
import { clientMessages } from './messages.js';
import { mergePreview } from './merge-preview.js';
import { MergePreviewOut, MergePreviewQuery } from './merge-preview-schemas.js';
import { ClientMessageOut, ClientMessagesQuery } from './messages-schemas.js';
import * as labels from './labels.js';
import {
  ClientCreateBody,
  ClientExportOut,
  ClientListQuery,
  ClientOut,
  ClientUpdateBody,
  LabelCreateBody,
  LabelOut,
  LabelUpdateBody,
  MergeBody,
} from './schemas.js';

const tags = ['clients'];

/*
 * Desk staff work with clients all day: everything is open to any signed-in user except
 * what cannot be undone or hands out a whole file (merge, erase, export), which is Admin.
 * The fixed paths under /api/clients/labels win over /api/clients/:id (the router prefers
 * static segments), whatever the order of registration.
 */
export async function clientsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  // ------------------------------------------------------------ labels

  app.get('/api/clients/labels', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listClientLabels',
      tags,
      summary: 'List client labels with their client counts, by name (case-insensitive), then id',
      description: 'A plain array.',
      response: { 200: Type.Array(LabelOut) },
    },
    handler: () => labels.listLabels(ctx.db),
  });

  app.post('/api/clients/labels', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createClientLabel',
      tags,
      summary: 'Create a client label',
      description:
        'Names are unique whatever their case (409 `label_exists`). `color` is `#rrggbb`, default `#6e56cf`, returned lower-cased.',
      body: LabelCreateBody,
      response: { 201: LabelOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const label = await labels.createLabel(ctx.db, request.body);
      return reply.status(201).send(label);
    },
  });

  app.put('/api/clients/labels/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'updateClientLabel',
      tags,
      summary: 'Rename or recolour a client label; only the fields present change',
      description: 'Renaming to the name of another label (in any case) is 409 `label_exists`.',
      params: IdParams,
      body: LabelUpdateBody,
      response: { 200: LabelOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => labels.updateLabel(ctx.db, request.params.id, request.body),
  });

  app.delete('/api/clients/labels/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'deleteClientLabel',
      tags,
      summary: 'Delete a client label; it is removed from every client',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await labels.deleteLabel(ctx.db, request.params.id);
      return { ok: true as const };
    },
  });

  // ------------------------------------------------------------ clients

  app.get('/api/clients', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listClients',
      tags,
      summary: 'List clients, by name (case-insensitive), then id',
      description:
        '`search`: part of the name, email or phone (spaces and dashes in phone numbers ignored). `label`: only clients with this label. Erased and merged-away clients are left out unless `include_inactive=true`. A plain array; with `page`, the paginated envelope. `sort` (`name` or `created_at`) and `order` (`asc` or `desc`) are an extension; without them the order is by name, then id.',
      querystring: ClientListQuery,
      response: { 200: Listing(ClientOut), 400: errorRef },
    },
    handler: (request) => clients.listClients(ctx.db, request.query, ctx.dialect),
  });

  app.get('/api/clients/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getClient',
      tags,
      summary: 'One client',
      description: 'Erased and merged-away clients are found too (see `erased_at`, `merged_into_id`).',
      params: IdParams,
      response: { 200: ClientOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => clients.getClient(ctx.db, request.params.id),
  });

  app.get('/api/clients/:id/history', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getClientHistory',
      tags,
      summary: 'A client’s visit history: counts, spend, first and last visit, and their bookings page by page',
      description:
        '`visit_count`: completed bookings; `first_visit`/`last_visit`: their earliest and latest start_at (null when none); `total_spent`: lifetime spend, the totals of the client’s paid POS orders minus their completed refunds (as reporting counts it); `no_show_count`, `cancelled_count`. ' +
        '`bookings`: one page (`page` from 1, `limit` default 50, capped at 200) of every booking of the client, cancelled ones too, newest first (start_at, then id), with the price each was booked at; `total` counts them all. Unknown client: 404.',
      params: IdParams,
      querystring: ClientHistoryQuery,
      response: { 200: ClientHistoryOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => clientHistory(ctx.db, request.params.id, request.query),
  });

  app.get('/api/clients/:id/messages', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listClientMessages',
      tags,
      summary: 'The emails and text messages sent to a client, newest first',
      description:
        'The outbox entries addressed to the client’s current email address and phone number (an erased client has none), emails and texts together, newest first (`created_at`, then id): what was sent and its status, not its content (an email’s subject; a text’s body unless it carries a secret). `limit`: the newest this many, default 50, at most 200; a plain array. Unknown client: 404.',
      params: IdParams,
      querystring: ClientMessagesQuery,
      response: { 200: Type.Array(ClientMessageOut), 400: errorRef, 404: errorRef },
    },
    handler: (request) => clientMessages(ctx.db, request.params.id, request.query),
  });

  app.post('/api/clients', {
    config: { auth: 'user' },
    schema: {
      operationId: 'createClient',
      tags,
      summary: 'Create a client',
      description:
        'Email is stored lower-cased and unique when present (409 `email_taken`). `birthday` must be a real date, not in the future. Unknown label names are created.',
      body: ClientCreateBody,
      response: { 201: ClientOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const client = await clients.createClient(ctx, request.body);
      return reply.status(201).send(client);
    },
  });

  app.put('/api/clients/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'updateClient',
      tags,
      summary: 'Update a client; only the fields present change',
      description:
        '`labels` replaces the whole set. An erased client (409 `client_erased`) or one merged into another (409 `client_merged`) cannot be changed.',
      params: IdParams,
      body: ClientUpdateBody,
      response: { 200: ClientOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => clients.updateClient(ctx, request.params.id, request.body),
  });

  app.delete('/api/clients/:id', {
    config: { auth: 'user' },
    schema: {
      operationId: 'deleteClient',
      tags,
      summary: 'Delete a client without history',
      description:
        'A client with bookings or orders cannot be deleted (409 `client_has_history`): erase their personal data instead (`POST /api/clients/:id/erase`).',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await clients.deleteClient(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  app.post('/api/clients/:id/merge', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'mergeClient',
      tags,
      summary: 'Merge a duplicate into this client',
      description:
        "The client keeps its own values and takes the duplicate's email, phone, birthday and gender where its own are empty; the duplicate's notes are appended and its labels (and history) move over. The duplicate stays as an empty record with `merged_into_id`. Merging a client into itself (409 `merge_same_client`), or an erased (409 `client_erased`) or already merged (409 `client_merged`) one, is refused.",
      params: IdParams,
      body: MergeBody,
      response: { 200: ClientOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => clients.mergeClients(ctx, request.params.id, request.body.duplicate_id),
  });

  app.get('/api/clients/:id/merge-preview', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'previewClientMerge',
      tags,
      summary: 'What merging a duplicate into this client would do, without doing it',
      description:
        '`client`: this client as it will read after the merge (the same rule as `POST /api/clients/:id/merge`); `duplicate`: the duplicate as it reads now; `taken`: the fields this client takes from it; `moves`: how many of its records (and points) move over. Refused as the merge would be: 409 `merge_same_client`, `client_erased`, `client_merged`; 404 for an unknown id.',
      params: IdParams,
      querystring: MergePreviewQuery,
      response: { 200: MergePreviewOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => mergePreview(ctx.db, request.params.id, request.query.duplicate_id),
  });

  app.get('/api/clients/:id/export', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'exportClient',
      tags,
      summary: 'GDPR export: everything held about the client, as a JSON download',
      description:
        'Sent with `Content-Disposition: attachment; filename="client-<id>.json"`. One key per kind of data; later modules add theirs.',
      params: IdParams,
      response: { 200: ClientExportOut, 400: errorRef, 404: errorRef },
    },
    handler: async (request, reply) => {
      const data = await gdpr.exportClient(ctx, request.params.id);
      return reply.header('content-disposition', `attachment; filename="client-${request.params.id}.json"`).send(data);
    },
  });

  app.post('/api/clients/:id/erase', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'eraseClient',
      tags,
      summary: "GDPR erasure: anonymise the client's personal data",
      description:
        'Name becomes `Erased client #<id>`; email, phone, birthday, gender, notes, consent, password and labels are removed; `erased_at` is set. The row stays so that financial records keep their client. Erasing twice is 409 `already_erased`.',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await gdpr.eraseClient(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
