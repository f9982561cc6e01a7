import { errorStatus } from '../../../api/errors';
import { useT } from '../../../i18n/i18n';
import { LoadError } from '../../../ui/PageStates';

/**
 * Under a list, what became of the record its address names (/manage/offers/promotions/7)
 * while it cannot open in its form: nothing while it is read, "not found" for one deleted
 * meanwhile (a stale link), "Try again" for any other failure.
 */
export function OpenedRecordState({
  query,
  missing,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  missing: string;
}) {
  const t = useT();
  if (!query.isError) return null;
  if (errorStatus(query.error) === 404) {
    return (
      <p role="alert" className="notice">
        {missing} {t('record.missing')}
      </p>
    );
  }
  return <LoadError retry={() => void query.refetch()} />;
}
