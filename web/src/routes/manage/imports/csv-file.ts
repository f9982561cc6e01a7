/*
 * What the browser can tell of a file before sending it, so a spreadsheet or a too-large file
 * is refused on the spot instead of after an upload: the service takes text files of at most
 * 5 MB (larger is 413, a spreadsheet or an image 415). A `.xlsx` says so by its name and type;
 * the service still sniffs what is sent.
 */

/** The service's largest import file (IMPORT_MAX_BYTES). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

const TEXT_NAME = /\.(csv|txt|tsv)$/i;
/** Types no CSV is sent as (browsers name a .csv `text/csv`, `text/plain`, or on Windows `application/vnd.ms-excel`). */
const NOT_TEXT = /^(image|audio|video)\/|pdf|zip|openxmlformats|opendocument/;

export type FileProblem = 'missing' | 'empty' | 'tooLarge' | 'notCsv';

/** Why a chosen file cannot be imported, or null when it may be sent. */
export function fileProblem(file: { name: string; size: number; type: string } | null): FileProblem | null {
  if (file === null) return 'missing';
  if (!TEXT_NAME.test(file.name) || NOT_TEXT.test(file.type)) return 'notCsv';
  if (file.size === 0) return 'empty';
  if (file.size > CSV_MAX_BYTES) return 'tooLarge';
  return null;
}
