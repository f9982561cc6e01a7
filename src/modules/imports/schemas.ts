import { Type, type Static } from 'typebox';
import { DateTimeText, named, PageQuery } from '../../http/schemas.js';
import { IMPORT_FIELDS, IMPORT_KINDS, PRESET_NAMES, PRESETS } from './presets.js';

/* The import upload and its report, under /api/imports. */

/** One of `values`, typed as their union. */
function literals<const T extends readonly string[]>(values: T, description: string) {
  return Type.Unsafe<T[number]>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      { description },
    ),
  );
}

export const ImportKindSchema = literals(IMPORT_KINDS, '`clients`, `services` or `products`');
export const PresetSchema = literals(PRESET_NAMES, `Column-name preset: ${PRESET_NAMES.join(', ')}; default generic`);

export const ImportParams = Type.Object({ kind: ImportKindSchema });

const importOptions = {
  dry_run: Type.Optional(
    Type.Boolean({ description: '`true`: check every row and report what would happen; nothing is written' }),
  ),
  preset: Type.Optional(PresetSchema),
  mapping: Type.Optional(
    Type.String({
      maxLength: 4000,
      description:
        '`Column=field,Other column=field2`: which field a column holds, over the preset; `Column=ignore` leaves a column out',
    }),
  ),
};

/** The options, in the query string or as form fields before or after the file (a form field wins). */
export const ImportQuery = Type.Object(importOptions);

/** The multipart form, for the document: the handler reads the parts itself. */
export const ImportForm = Type.Object({
  file: Type.Unsafe<unknown>({
    type: 'string',
    format: 'binary',
    description: 'The CSV file: UTF-8 (a BOM is fine), `;`, `,` or tab separated, a header line first; at most 5 MB',
  }),
  dry_run: Type.Optional(Type.String({ description: '`true` or `false`, as the query parameter' })),
  preset: Type.Optional(Type.String({ description: 'As the query parameter' })),
  mapping: Type.Optional(Type.String({ description: 'As the query parameter' })),
});

export const ImportActionSchema = literals(
  ['create', 'update', 'unchanged', 'refused'],
  '`create`: a new record (would be, in a dry run); `update`: an existing record changes; `unchanged`: it already holds what the row says; `refused`: the row is not imported, see `error`',
);

const RowError = Type.Object({
  code: Type.String({
    description:
      'The code the API gives for the same input (`validation_failed`, `invalid_phone`, `email_taken`, `unknown_vat_rate` …), or the importer’s: `invalid_value`, `duplicate_in_file`, `ambiguous_match`, `unknown_category`, `unknown_supplier`, `too_many_columns`',
  }),
  message: Type.String(),
  details: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String(),
        message: Type.String(),
        column: Type.Optional(Type.String({ description: 'The column of the file the field was read from' })),
      }),
    ),
  ),
});

export const ImportRowOut = named(
  'ImportRow',
  Type.Object({
    line: Type.Integer({ description: 'The line of the file the row starts on (the header is line 1)' }),
    action: ImportActionSchema,
    id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The record created or matched; null when refused, or created in a dry run',
    }),
    record: Type.String({
      description: 'What the row is known by: email, phone or name; name (category); SKU, barcode or name',
    }),
    changes: Type.Array(Type.String(), { description: 'The fields an update changes (API field names)' }),
    error: Type.Union([RowError, Type.Null()], { description: 'Why the row is refused' }),
  }),
);

const Totals = Type.Object({
  rows: Type.Integer(),
  create: Type.Integer(),
  update: Type.Integer(),
  unchanged: Type.Integer(),
  refused: Type.Integer(),
});

export const ImportReportOut = named(
  'ImportReport',
  Type.Object({
    kind: ImportKindSchema,
    dry_run: Type.Boolean({ description: '`true`: nothing was written' }),
    preset: PresetSchema,
    delimiter: Type.String({ description: 'The separator found in the file: `;`, `,`, `tab` or `|`' }),
    columns: Type.Array(
      Type.Object({
        column: Type.String(),
        field: Type.Union([Type.String(), Type.Null()], { description: 'null: the column is ignored' }),
      }),
      { description: 'Each column of the file and the field it was read into' },
    ),
    totals: Totals,
    rows: Type.Array(ImportRowOut),
  }),
);

export const ImportRunOut = named(
  'ImportRun',
  Type.Object({
    id: Type.Integer(),
    kind: ImportKindSchema,
    preset: PresetSchema,
    file_name: Type.String({ description: "The uploaded file's name; '' when unknown" }),
    user_id: Type.Union([Type.Integer(), Type.Null()], { description: 'Who imported it; null from the command line' }),
    user_name: Type.Union([Type.String(), Type.Null()]),
    totals: Totals,
    created_at: DateTimeText,
  }),
);

export const ImportRunsQuery = Type.Object({ ...PageQuery });

export const PresetsOut = Type.Array(
  Type.Object({
    name: PresetSchema,
    description: Type.String(),
    columns: Type.Object(
      Object.fromEntries(
        IMPORT_KINDS.map((kind) => [
          kind,
          Type.Object(
            Object.fromEntries(IMPORT_FIELDS[kind].map((field) => [field, Type.Optional(Type.Array(Type.String()))])),
            { description: `The column names read into each field of ${kind}` },
          ),
        ]),
      ),
    ),
  }),
);

/** The presets as the API lists them. */
export function presetList(): Static<typeof PresetsOut> {
  return PRESET_NAMES.map((name) => ({
    name,
    description: PRESETS[name].description,
    columns: PRESETS[name].columns as unknown as Static<typeof PresetsOut>[number]['columns'],
  }));
}

export type ImportQueryInput = Static<typeof ImportQuery>;
export type ImportRunOutput = Static<typeof ImportRunOut>;
export type ImportReport = Static<typeof ImportReportOut>;
export type ImportRow = Static<typeof ImportRowOut>;
export type ImportAction = Static<typeof ImportActionSchema>;
