import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.js';

/*
 * A CSV file as other systems export it: UTF-8 with or without a byte-order mark (Excel's
 * "CSV UTF-8" writes one), UTF-16 when it says so with a BOM, `;` as the separator where the
 * decimal comma is at home (Excel in Dutch) and `,` elsewhere, tabs now and then, quoted
 * fields that hold separators, quotes and line breaks. Anything that is not text is refused
 * before parsing, so a spreadsheet or a photo sent by mistake gets a clear answer.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header), for the report. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  delimiter: string;
  header: string[];
  records: CsvRecord[];
}

const DELIMITERS = [';', ',', '\t', '|'] as const;

/** What a delimiter is called in messages and reports. */
export function delimiterName(delimiter: string): string {
  return delimiter === '\t' ? 'tab' : delimiter;
}

const notText = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** Names of the binary formats people send instead of a CSV export, for a message that says what to do. */
const SPREADSHEETS = new Set(['xlsx', 'xls', 'ods', 'cfb', 'zip']);

/**
 * The file's text. A byte-order mark decides the encoding (and is dropped); without one the
 * file must be valid UTF-8 without NUL bytes. Anything else is refused as not text (415), with
 * the format that file-type recognises by its magic bytes (a spreadsheet, a PDF, an image)
 * named in the message; the sniffing is only asked about bytes already refused, so a text
 * that happens to start like some binary format is never turned away.
 */
export async function decodeCsv(data: Buffer): Promise<string> {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  let text: string | null = null;
  if (!body.includes(0)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      text = null;
    }
  }
  if (text !== null) return text;
  const detected = await fileTypeFromBuffer(body);
  if (detected && SPREADSHEETS.has(detected.ext)) {
    throw notText(`This is a spreadsheet file (${detected.ext}), not CSV: save it as "CSV UTF-8" and import that`);
  }
  if (detected) throw notText(`This is a ${detected.ext} file (${detected.mime}), not a CSV text file`);
  if (body.includes(0)) throw notText('This is a binary file, not a CSV text file');
  throw notText('The file is not UTF-8 text: save it as "CSV UTF-8" (Excel) or choose UTF-8 when exporting');
}

/**
 * The separator of the file: of `;`, `,`, tab and `|`, the one found most often on the header
 * line outside quotes (`,` when none is: a file of one column).
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [delimiter, count] of counts) {
    if (count > most) [best, most] = [delimiter, count];
  }
  return best;
}

/**
 * The header and the records, each with the line it starts on. Records may have fewer or
 * more cells than the header (the caller decides); lines that are empty, or hold only
 * separators (spreadsheets write those), are left out. A file that cannot be read as CSV
 * (a quote never closed) is 400 `invalid_csv` with the line.
 */
export async function parseCsv(text: string): Promise<CsvTable> {
  // Loaded on the first import, not at every start of the service.
  const { parse } = await import('csv-parse/sync');
  const delimiter = detectDelimiter(text);
  let parsed: Array<{ record: string[]; raw: string; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      delimiter,
      info: true,
      raw: true,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const { message, lines } = error as { message?: string; lines?: number };
    throw badRequest(
      'invalid_csv',
      `The file cannot be read as CSV${lines ? ` (line ${lines})` : ''}: ${message ?? 'unknown error'}`,
    );
  }
  const [first, ...rest] = parsed;
  if (!first) throw badRequest('empty_file', 'The file is empty: it needs a header line with the column names');
  const records = rest.map(({ record, raw, info }) => {
    // info.lines is the line the record ends on; a quoted field may span several.
    const breaks = raw.split('\n').length - 1 - (raw.endsWith('\n') ? 1 : 0);
    return { line: info.lines - breaks, cells: record };
  });
  return { delimiter, header: first.record.map((name) => name.trim()), records };
}
