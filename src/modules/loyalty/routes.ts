import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorRef } from '../../http/schemas.js';
import { LoyaltySettingsBody, LoyaltySettingsOut } from './schemas.js';
import * as loyalty from './service.js';

const tags = ['loyalty'];

export async function loyaltyRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/loyalty/settings', {
    config: { auth: 'user' },
    schema: {
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
      tags,
      summary: 'Update the loyalty programme; only the fields present change',
      description:
        '`reward_thresholds`, when present, replaces the whole list (at most 20, `points` unique; returned by points ascending). Amounts are in currency units.',
      body: LoyaltySettingsBody,
      response: { 200: LoyaltySettingsOut, 400: errorRef },
    },
    handler: (request) => loyalty.updateLoyaltySettings(ctx.db, request.body),
  });
}
