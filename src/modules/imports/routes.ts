import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { errorRef, Listing } from '../../http/schemas.js';
import { schemaCheck } from '../../http/validation.js';
import { badRequest } from '../../lib/errors.js';
import {
  ImportForm,
  ImportParams,
  ImportQuery,
  ImportReportOut,
  ImportRunOut,
  ImportRunsQuery,
  presetList,
  PresetsOut,
  type ImportQueryInput,
} from './schemas.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importCsv, listImportRuns } from './service.js';

const tags = ['imports'];

const checkFormFields = schemaCheck(ImportQuery, 'text');

/**
 * The file and the options sent as form fields, in whatever order the parts come. The file
 * is read whole (at most IMPORT_MAX_BYTES: larger is 413 from the multipart plugin).
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ data: Buffer; fileName: string; fields: ImportQueryInput }> {
  if (!request.isMultipart()) {
    throw badRequest('file_required', 'Send the CSV file as multipart/form-data in the field "file"');
  }
  let data: Buffer | null = null;
  let fileName = '';
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname === 'file') {
        data = content;
        fileName = part.filename ?? '';
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (data === null) throw badRequest('file_required', 'The multipart field "file" with a CSV file is required');
  const known = Object.fromEntries(Object.entries(fields).filter(([name]) => name in ImportQuery.properties));
  const details = checkFormFields(known);
  if (details) {
    throw badRequest(
      'validation_failed',
      `Invalid input: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
      details.map((d) => ({ ...d, field: d.field === 'query' ? 'body' : d.field })),
    );
  }
  return { data, fileName, fields: known };
}

/*
 * Imports write many records at once, from another system's file: Admin only, like the
 * other writes of the catalogue and the whole-file operations on clients.
 */
export async function importsRoutes(instance: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/imports/presets', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listImportPresets',
      tags,
      summary: 'The column-name presets of the CSV import, with the column names each reads into each field',
      description:
        'A header is compared without case, accents, spaces or punctuation; a header the chosen preset does not know is tried against `generic`.',
      response: { 200: PresetsOut },
    },
    handler: () => presetList(),
  });

  app.get('/api/imports', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'listImports',
      tags,
      summary: 'The history of imports: each file imported for real (not a dry run), newest first, with its totals',
      querystring: ImportRunsQuery,
      response: { 200: Listing(ImportRunOut), 400: errorRef },
    },
    handler: (request) => listImportRuns(ctx.db, request.query),
  });

  app.post('/api/imports/:kind', {
    config: { auth: 'admin' },
    schema: {
      operationId: 'importCsv',
      tags,
      summary:
        'Import clients, services or products from a CSV file (multipart field `file`), or check it with `dry_run`',
      description:
        'The file: UTF-8 text (a byte-order mark is fine; UTF-16 with one too), the separator `;`, `,`, tab or `|` found on the header line, quoted fields as usual, at most 5 MB (413) and 20,000 rows (413 `too_many_rows`: use `npm run import`). ' +
        'Not text (a spreadsheet, an image): 415. Unreadable as CSV: 400 `invalid_csv`. Columns are mapped by `preset` and `mapping`; without a column for the key field (clients: name; services: name; products: SKU, barcode or name): 400 `mapping_incomplete`. ' +
        'Every row is checked as the API checks a create or update of the record, and matched to an existing record by its natural key (clients: email, else phone, else name among those with neither; services: name within the category; products: SKU, else barcode, else name). ' +
        'The answer reports each row: `create`, `update` (with the fields that change), `unchanged`, or `refused` with the API’s error. ' +
        'Without `dry_run` the rows are written, one transaction per 500 rows; importing the same file again reports every row `unchanged`. With `dry_run=true` nothing is written.',
      consumes: ['multipart/form-data'],
      multipartBody: ImportForm,
      params: ImportParams,
      querystring: ImportQuery,
      response: { 200: ImportReportOut, 400: errorRef, 413: errorRef, 415: errorRef },
    },
    handler: async (request) => {
      const caller = currentUser(request);
      const { data, fileName, fields } = await readUpload(request);
      const options = { ...request.query, ...fields };
      return importCsv(ctx, data, {
        kind: request.params.kind,
        preset: options.preset,
        mapping: options.mapping,
        dryRun: options.dry_run === true,
        userId: caller.id,
        fileName,
        maxRows: IMPORT_MAX_ROWS,
      });
    },
  });
}
