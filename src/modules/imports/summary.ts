import type { ImportReport } from './schemas.js';

/*
 * The import report as the command line prints it: the columns as mapped, the totals, and a
 * line per row that needs a look (refused always; created and updated with `verbose`).
 */

function describeError(error: NonNullable<ImportReport['rows'][number]['error']>): string {
  const details = (error.details ?? [])
    .map((d) => `${d.column !== undefined ? `${d.column} → ` : ''}${d.field} ${d.message}`)
    .join('; ');
  return `${error.code}: ${details !== '' && error.code === 'validation_failed' ? details : error.message}`;
}

export function summaryLines(report: ImportReport, verbose = false): string[] {
  const lines: string[] = [];
  const mapped = report.columns.filter((c) => c.field !== null).map((c) => `${c.column} → ${c.field}`);
  const ignored = report.columns.filter((c) => c.field === null).map((c) => c.column || '(no name)');
  lines.push(`Preset ${report.preset}, separator ${report.delimiter}`);
  lines.push(`Columns: ${mapped.join(', ')}`);
  if (ignored.length > 0) lines.push(`Ignored columns: ${ignored.join(', ')}`);
  for (const row of report.rows) {
    if (row.action === 'refused' && row.error) {
      lines.push(`line ${row.line} (${row.record}): refused, ${describeError(row.error)}`);
    } else if (verbose && row.action !== 'unchanged') {
      const what = row.action === 'update' ? `update ${row.changes.join(', ')}` : 'create';
      lines.push(`line ${row.line} (${row.record}): ${what}${row.id !== null ? ` #${row.id}` : ''}`);
    }
  }
  const { totals } = report;
  const verb = report.dry_run ? 'would be ' : '';
  lines.push(
    `${report.kind}: ${totals.rows} rows: ${totals.create} ${verb}created, ${totals.update} ${verb}updated, ${totals.unchanged} unchanged, ${totals.refused} refused` +
      (report.dry_run ? ' (dry run: nothing was written)' : ''),
  );
  return lines;
}
