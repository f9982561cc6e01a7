import { $api } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/FailureAlert';

/** The kinds of break the service names (the word before the colon of its `problem`). */
const PROBLEMS = ['numbering', 'chain', 'hash', 'end'] as const;

/**
 * "Check the journal": the service walks every entry (each hash recomputed, the chain, the
 * gap-free numbers) and says it is whole or names the first broken entry, after which nothing
 * can be trusted. Asked only on a press (a long journal takes a while), and afresh on each.
 */
export function JournalCheck() {
  const t = useT();
  const check = $api.useQuery('get', '/api/pos/journal/verify', {}, { enabled: false, gcTime: 0 });
  const result = check.data;
  // The page's words for a kind of break it knows; the service's own text for any other.
  const problem = (text: string) => {
    const kind = PROBLEMS.find((known) => text.startsWith(`${known}:`));
    return kind ? t(`journal.problem.${kind}`) : text;
  };
  return (
    <section aria-labelledby="journal-check">
      <h2 id="journal-check">{t('journal.check.title')}</h2>
      <Button onPress={() => void check.refetch()} isDisabled={check.isFetching}>
        {check.isFetching ? t('journal.check.checking') : t('journal.check.run')}
      </Button>
      {check.isError && <FailureAlert error={check.error} />}
      <div role="status">
        {result &&
          !check.isFetching &&
          (result.ok ? (
            <p className="notice">
              {t('journal.check.intact', {
                entries: result.entries,
                last: result.last_receipt_number ?? '—',
                ms: result.took_ms,
              })}
            </p>
          ) : (
            <p className="error">
              {t('journal.check.broken', {
                receipt: result.first_broken?.receipt_number ?? '',
                id: result.first_broken?.id ?? 0,
                problem: problem(result.first_broken?.problem ?? ''),
                entries: result.entries,
              })}
            </p>
          ))}
      </div>
    </section>
  );
}
