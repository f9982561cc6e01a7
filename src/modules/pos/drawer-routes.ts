import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, IdParams, Listing } from '../../http/schemas.js';
import {
  DrawerCloseBody,
  DrawerDayOut,
  DrawerMovementBody,
  DrawerOpenBody,
  ZReportListQuery,
  ZReportOut,
} from './drawer-schemas.js';
import * as pos from './service.js';

const tags = ['pos'];

/*
 * The cash drawer and its Z reports. Opening, moving cash and the blind count are the desk's
 * work (any signed-in user); the expected cash of an open day and the Z reports (the
 * accountant's list) are the admin's. Static segments: never taken for an order id.
 */
export async function drawerRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/pos/drawer', {
    config: { auth: 'user' },
    schema: {
      operationId: 'getPosDrawer',
      tags,
      summary: 'The open day of the cash drawer: its float and cash movements',
      description: 'Only an admin also reads `expected_cash`: staff count the drawer blind. 404 when no day is open.',
      response: { 200: DrawerDayOut, 404: errorRef },
    },
    handler: (request) => pos.getDrawer(ctx, currentUser(request)),
  });

  app.post('/api/pos/drawer/open', {
    config: { auth: 'user' },
    schema: {
      operationId: 'openPosDrawer',
      tags,
      summary: 'Open the day with a float',
      description:
        'A till journal entry. One day open at a time for the salon: 409 `drawer_already_open`. Answers 201 with the open day.',
      body: DrawerOpenBody,
      response: { 201: DrawerDayOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const day = await pos.openDrawer(ctx, currentUser(request), request.body);
      return reply.status(201).send(day);
    },
  });

  app.post('/api/pos/drawer/movements', {
    config: { auth: 'user' },
    schema: {
      operationId: 'movePosDrawerCash',
      tags,
      summary: 'Cash paid into (positive) or out of (negative) the open day, with a reason',
      description:
        'A till journal entry. 400 `validation_failed` (`amount` 0, `reason` empty); 409 `drawer_not_open`. Answers 201 with the open day.',
      body: DrawerMovementBody,
      response: { 201: DrawerDayOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const day = await pos.moveCash(ctx, currentUser(request), request.body);
      return reply.status(201).send(day);
    },
  });

  app.post('/api/pos/drawer/close', {
    config: { auth: 'user' },
    schema: {
      operationId: 'closePosDrawer',
      tags,
      summary: 'Close the day with a blind count: the Z report',
      description:
        'The counted cash, as a `total` or per denomination of the salon’s currency, is given before anything shows the expected figure; the answer (201) is the numbered Z report with expected, counted and the difference. ' +
        '400 `validation_failed` on `reason` when the count differs and no reason is given, on `counted` (neither or both), on `counted.denominations.N.value` (not a note or coin of the currency); 409 `drawer_not_open` (no day open: a day is never closed twice).',
      body: DrawerCloseBody,
      response: { 201: ZReportOut, 400: errorRef, 409: errorRef },
    },
    handler: async (request, reply) => {
      const report = await pos.closeDrawer(ctx, currentUser(request), request.body);
      return reply.status(201).send(report);
    },
  });

  app.get('/api/pos/z-reports', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listPosZReports',
      tags,
      summary: 'The Z reports of the closed days, newest first',
      description: '`page` activates pagination.',
      querystring: ZReportListQuery,
      response: { 200: Listing(ZReportOut), 400: errorRef },
    },
    handler: (request) => pos.listZReports(ctx.db, request.query),
  });

  app.get('/api/pos/z-reports/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'getPosZReport',
      tags,
      summary: 'One Z report, as computed at its close',
      params: IdParams,
      response: { 200: ZReportOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => pos.getZReport(ctx.db, request.params.id),
  });
}
