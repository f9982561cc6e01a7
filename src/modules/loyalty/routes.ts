import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef } from '../../http/schemas.js';
import * as ledger from './ledger.js';
import { ClientIdParams, LedgerAdjustBody, LedgerOut, LoyaltySettingsBody, LoyaltySettingsOut } from './schemas.js';
import * as loyalty from './service.js';

const tags = ['loyalty'];

export async function loyaltyRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/loyalty/settings', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getLoyaltySettings',
      tags,
      summary: 'The loyalty programme: on/off, points per currency unit, reward thresholds',
      description:
        'The spec leaves the auth level of this endpoint open; reads need a signed-in user (any role, the till needs it), changes an admin.',
      response: { 200: LoyaltySettingsOut },
    },
    handler: () => loyalty.getLoyaltySettings(ctx.db),
  });

  app.put('/api/loyalty/settings', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateLoyaltySettings',
      tags,
      summary: 'Update the loyalty programme; only the fields present change',
      description:
        '`reward_thresholds`, when present, replaces the whole list (at most 20, `points` unique; returned by points ascending). Amounts are in currency units.',
      body: LoyaltySettingsBody,
      response: { 200: LoyaltySettingsOut, 400: errorRef },
    },
    handler: (request) => loyalty.updateLoyaltySettings(ctx.db, request.body),
  });

  app.get('/api/loyalty/clients/:clientId', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getClientLoyalty',
      tags,
      summary: "A client's points: balance, rewards within reach and the ledger, newest first",
      description:
        'The balance is the sum of the ledger entries: `earn` (on a paid POS order), `redeem` (on a POS order with `loyalty_points`) and `adjust` (an admin correction).',
      params: ClientIdParams,
      response: { 200: LedgerOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => ledger.getLedger(ctx, request.params.clientId),
  });

  app.post('/api/loyalty/clients/:clientId/adjust', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'adjustClientPoints',
      tags,
      summary: "Correct a client's points by hand (a signed, non-zero number)",
      description: 'Never below zero: 409 `insufficient_points`. Answers the ledger.',
      params: ClientIdParams,
      body: LedgerAdjustBody,
      response: { 200: LedgerOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => ledger.adjustPoints(ctx, request.params.clientId, currentUser(request).id, request.body),
  });
}
