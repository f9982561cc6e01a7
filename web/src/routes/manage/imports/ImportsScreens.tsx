import { useId, useRef, useState } from 'react';
import { $api } from '../../../api/client';
import { useT, type MessageKey } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { FailureAlert, type PageWords } from '../../../ui/FailureAlert';
import { useTitle } from '../../../ui/PageStates';
import { fileProblem, type FileProblem } from './csv-file';
import { ImportHistory } from './ImportHistory';
import { ImportReportView } from './ImportReportView';
import { useSendImport, type ImportKind, type ImportReport, type PresetName } from './send-import';
import './imports.css';

const KINDS: readonly ImportKind[] = ['clients', 'services', 'products'];

const PROBLEMS: Record<FileProblem, MessageKey> = {
  missing: 'manage.imports.file.missing',
  empty: 'manage.imports.file.empty',
  tooLarge: 'manage.imports.file.tooLarge',
  notCsv: 'manage.imports.file.notCsv',
};

/** The file refusals of the service, said as the rule they break. */
const WORDS: PageWords = {
  codes: {
    invalid_csv: 'manage.imports.refused.invalidCsv',
    empty_file: 'manage.imports.file.empty',
    mapping_incomplete: 'manage.imports.refused.mapping',
    too_many_rows: 'manage.imports.refused.tooManyRows',
    payload_too_large: 'manage.imports.file.tooLarge',
    unsupported_media_type: 'manage.imports.file.notCsv',
  },
};

/**
 * /manage/imports: clients, services or products from another system's CSV file. The file is
 * checked first (a dry run: which rows would be added, which update a record and what changes,
 * which are refused and why, nothing written), then imported as checked. A spreadsheet or a
 * file over 5 MB is refused before it is sent. Importing the same file twice changes nothing.
 */
export default function ImportsScreens() {
  const t = useT();
  useTitle(t('manage.imports.title'));
  const presets = $api.useQuery('get', '/api/imports/presets');
  const [kind, setKind] = useState<ImportKind>('clients');
  const [preset, setPreset] = useState<PresetName>('generic');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const send = useSendImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { kind: useId(), preset: useId(), file: useId(), fileHelp: useId(), fileError: useId() };

  /** Anything changed in the form makes the last report stale: a new check is needed before importing. */
  const changed = () => {
    setReport(null);
    send.reset();
  };
  const check = () => {
    const found = fileProblem(file);
    setProblem(found);
    if (found !== null) {
      fileInput.current?.focus();
      return;
    }
    if (file) send.mutate({ kind, preset, file, dryRun: true }, { onSuccess: setReport });
  };
  const run = () => {
    if (file) send.mutate({ kind, preset, file, dryRun: false }, { onSuccess: setReport });
  };

  return (
    <>
      <h1>{t('manage.imports.title')}</h1>
      <p className="imports-intro">{t('manage.imports.intro')}</p>
      <form
        className="imports-form"
        aria-label={t('manage.imports.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!send.isPending) check();
        }}
      >
        <div className="field">
          <label htmlFor={ids.kind}>{t('manage.imports.kind')}</label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ImportKind);
              changed();
            }}
          >
            {KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`manage.imports.kind.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.preset}>{t('manage.imports.preset')}</label>
          <select
            id={ids.preset}
            value={preset}
            onChange={(event) => {
              setPreset(event.target.value as PresetName);
              changed();
            }}
          >
            {(presets.data ?? [{ name: 'generic' as const, description: '' }]).map((option) => (
              <option key={option.name} value={option.name}>
                {t(`manage.imports.preset.${option.name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.file}>{t('manage.imports.file')}</label>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem !== null ? `${ids.fileError} ${ids.fileHelp}` : ids.fileHelp}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              // Said at once: no upload needed to know a spreadsheet or a too-large file.
              setProblem(chosen === null ? null : fileProblem(chosen));
              changed();
            }}
          />
          <p id={ids.fileHelp} className="description">
            {t('manage.imports.fileHelp')}
          </p>
          {problem !== null && (
            <p id={ids.fileError} className="error" role="alert">
              {t(PROBLEMS[problem])}
            </p>
          )}
        </div>
        <div className="actions">
          <Button type="submit" variant={report?.dry_run ? 'secondary' : 'primary'}>
            {send.isPending && send.variables?.dryRun ? t('app.sending') : t('manage.imports.check')}
          </Button>
        </div>
      </form>
      <FailureAlert error={send.error} words={WORDS} />
      {report && (
        <section className="imports-report" aria-labelledby={`${ids.kind}-report`}>
          <h2 id={`${ids.kind}-report`} tabIndex={-1}>
            {report.dry_run ? t('manage.imports.preview') : t('manage.imports.done')}
          </h2>
          <ImportReportView report={report} />
          {report.dry_run && (
            <div className="actions">
              <SendButton
                sending={{ ...send, isPending: send.isPending && send.variables?.dryRun === false }}
                onSend={run}
                isDisabled={report.totals.create + report.totals.update === 0}
              >
                {t('manage.imports.run', { count: report.totals.create + report.totals.update })}
              </SendButton>
            </div>
          )}
        </section>
      )}
      <ImportHistory />
    </>
  );
}
