import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Ok } from '../../http/schemas.js';
import {
  HolidayCreateBody,
  HolidayOut,
  OpeningHoursWeekBody,
  OpeningHoursWeekOut,
  VatRateCreateBody,
  VatRateOut,
  VatRateUpdateBody,
} from './config-schemas.js';
import * as holidays from './holidays.js';
import { readOpeningHours, replaceOpeningHours } from './opening-hours.js';
import * as vatRates from './vat-rates.js';

const tags = ['settings'];

// The spec leaves the auth level of these endpoints open ("unlisted"); the decision is written
// into each description so that it shows in the OpenAPI document.
const AUTH_CHOSEN =
  'The spec leaves the auth level of this endpoint open; reads need a signed-in user (any role), changes an admin.';

/** Holidays, opening hours and VAT rates: small configuration tables under /api/settings. */
export async function settingsConfigRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/settings/holidays', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listHolidays',
      tags,
      summary: 'List holidays, by date ascending',
      description: `${AUTH_CHOSEN} A plain array. No booking can be made on a holiday date.`,
      response: { 200: Type.Array(HolidayOut) },
    },
    handler: () => holidays.listHolidays(ctx.db),
  });

  app.post('/api/settings/holidays', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createHoliday',
      tags,
      summary: 'Add a holiday',
      description: `${AUTH_CHOSEN} \`date\` must be a real calendar day (400 otherwise); one holiday per date (409 \`holiday_exists\`).`,
      body: HolidayCreateBody,
      response: { 201: HolidayOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const holiday = await holidays.createHoliday(ctx.db, request.body);
      return reply.status(201).send(holiday);
    },
  });

  app.delete('/api/settings/holidays/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteHoliday',
      tags,
      summary: 'Remove a holiday',
      description: AUTH_CHOSEN,
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await holidays.deleteHoliday(ctx.db, request.params.id);
      return { ok: true as const };
    },
  });

  app.get('/api/settings/opening-hours', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getOpeningHours',
      tags,
      summary: 'The salon’s opening hours per weekday (an extension)',
      description:
        'The weekdays that have hours, as the set-up or the last replacement left them; the booking page shows them, and availability falls back on them for a member without a shift that day. Any signed-in user reads them.',
      response: { 200: OpeningHoursWeekOut },
    },
    handler: async () => ({ opening_hours: await readOpeningHours(ctx.db) }),
  });

  app.put('/api/settings/opening-hours', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'replaceOpeningHours',
      tags,
      summary: 'Replace the salon’s opening hours, the whole week at once (an extension)',
      description:
        'The interface sets opening hours only at setup; this replaces them afterwards with the rules of the set-up: each weekday at most once (400 on `opening_hours.<i>.day_of_week`), an open day needs `open_time` before `close_time` (400 on `opening_hours.<i>.close_time`). A weekday left out has no hours afterwards. Admin only.',
      body: OpeningHoursWeekBody,
      response: { 200: OpeningHoursWeekOut, 400: errorRef },
    },
    handler: (request) => replaceOpeningHours(ctx, request.body.opening_hours),
  });

  app.get('/api/settings/vat-rates', {
    config: { auth: 'user' },
    schema: {
      operationId: 'listVatRates',
      tags,
      summary: 'List all VAT rates (disabled ones too), by percentage, then id',
      description: `${AUTH_CHOSEN} A plain array.`,
      response: { 200: Type.Array(VatRateOut) },
    },
    handler: () => vatRates.listVatRates(ctx.db),
  });

  app.post('/api/settings/vat-rates', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createVatRate',
      tags,
      summary: 'Add a VAT rate',
      description: `${AUTH_CHOSEN} Saving \`is_default: 1\` clears \`is_default\` on every other rate. A disabled rate cannot be the default (400 \`default_rate_disabled\`).`,
      body: VatRateCreateBody,
      response: { 201: VatRateOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const rate = await vatRates.createVatRate(ctx, request.body);
      return reply.status(201).send(rate);
    },
  });

  app.put('/api/settings/vat-rates/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateVatRate',
      tags,
      summary: 'Update a VAT rate; only the fields present change',
      description: `${AUTH_CHOSEN} Saving \`is_default: 1\` clears \`is_default\` on every other rate. Disabling the default rate, or making a disabled rate the default, gives 400 \`default_rate_disabled\`. \`is_default: 0\` on the default leaves no default.`,
      params: IdParams,
      body: VatRateUpdateBody,
      response: { 200: VatRateOut, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: (request) => vatRates.updateVatRate(ctx, request.params.id, request.body),
  });

  app.delete('/api/settings/vat-rates/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteVatRate',
      tags,
      summary: 'Delete a VAT rate',
      description: `${AUTH_CHOSEN} The default rate cannot be deleted (409 \`default_vat_rate\`: make another rate the default first); a rate used by services or products cannot either (409 \`vat_rate_in_use\`: disable it instead).`,
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef, 409: errorRef },
    },
    handler: async (request) => {
      await vatRates.deleteVatRate(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
