import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { errorRef, IdParams, Ok } from '../../http/schemas.js';
import {
  FollowupStepBody,
  FollowupStepOut,
  FollowupStepUpdateBody,
  PreviewBody,
  PreviewOut,
  SegmentBody,
  SegmentOut,
  TemplateBody,
  TemplateOut,
} from './schemas.js';
import * as followups from './followups.js';
import * as segments from './segment-store.js';
import * as templates from './templates.js';

const tags = ['campaigns'];

/** Saved segments and templates, and the segment preview. All Admin. */
export async function campaignsLibraryRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const typed = instance.withTypeProvider<TypeBoxTypeProvider>();

  typed.get('/api/campaigns/segments', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listSegments',
      tags,
      summary: 'Saved segments, newest first',
      response: { 200: Type.Array(SegmentOut) },
    },
    handler: () => segments.listSegments(ctx),
  });

  typed.post('/api/campaigns/segments', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createSegment',
      tags,
      summary: 'Save a segment (a named set of filters)',
      description: '`filters`: the known filter names only (see the SegmentFilters schema); any other name is 400.',
      body: SegmentBody,
      response: { 201: SegmentOut, 400: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await segments.createSegment(ctx, request.body)),
  });

  typed.post('/api/campaigns/segments/preview', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'previewSegment',
      tags,
      summary: 'Who a send with these filters would reach now',
      description:
        'The count and the first `limit` (default 20) recipients by name: clients with an email, consenting, ' +
        'not unsubscribed, matching every filter. The query a send runs.',
      body: PreviewBody,
      response: { 200: PreviewOut, 400: errorRef },
    },
    handler: (request) => segments.previewSegment(ctx, request.body.filters, request.body.limit),
  });

  typed.delete('/api/campaigns/segments/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteSegment',
      tags,
      summary: 'Delete a saved segment',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await segments.deleteSegment(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  typed.get('/api/campaigns/templates', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listCampaignTemplates',
      tags,
      summary: 'Saved templates, newest first',
      response: { 200: Type.Array(TemplateOut) },
    },
    handler: () => templates.listTemplates(ctx),
  });

  typed.post('/api/campaigns/templates', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createCampaignTemplate',
      tags,
      summary: 'Save a template (a named list of blocks)',
      description: 'Blocks are checked as for a campaign.',
      body: TemplateBody,
      response: { 201: TemplateOut, 400: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await templates.createTemplate(ctx, request.body)),
  });

  typed.delete('/api/campaigns/templates/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteCampaignTemplate',
      tags,
      summary: 'Delete a saved template',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await templates.deleteTemplate(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  // ---------------------------------------------------------------- follow-up sequence

  const followupDescription =
    'With `followup_sequences_enabled`, completing a booking schedules every active step: an email with the ' +
    'step’s `subject` and `blocks`, `delay_days` after completion, to the client’s address (unsubscribe link ' +
    'included; unsubscribed clients and a toggle turned off meanwhile get nothing). With no step stored, the ' +
    'default follow-up ("Time for your next visit?") goes 3 days after the visit.';

  typed.get('/api/campaigns/followup-steps', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listFollowupSteps',
      tags,
      summary: 'The follow-up sequence, in order (position, then id)',
      description: followupDescription,
      response: { 200: Type.Array(FollowupStepOut) },
    },
    handler: () => followups.listSteps(ctx),
  });

  typed.post('/api/campaigns/followup-steps', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'createFollowupStep',
      tags,
      summary: 'Add a step to the follow-up sequence',
      description: followupDescription,
      body: FollowupStepBody,
      response: { 201: FollowupStepOut, 400: errorRef },
    },
    handler: async (request, reply) => reply.status(201).send(await followups.createStep(ctx, request.body)),
  });

  typed.put('/api/campaigns/followup-steps/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'updateFollowupStep',
      tags,
      summary: 'Change a follow-up step; only the fields present change',
      description: 'Jobs already scheduled send the step as it is when they run.',
      params: IdParams,
      body: FollowupStepUpdateBody,
      response: { 200: FollowupStepOut, 400: errorRef, 404: errorRef },
    },
    handler: (request) => followups.updateStep(ctx, request.params.id, request.body),
  });

  typed.delete('/api/campaigns/followup-steps/:id', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'deleteFollowupStep',
      tags,
      summary: 'Remove a follow-up step (its scheduled emails are not sent)',
      params: IdParams,
      response: { 200: Ok, 400: errorRef, 404: errorRef },
    },
    handler: async (request) => {
      await followups.deleteStep(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
