import { useId, useState } from 'react';
import { api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { FailureAlert } from '../../../ui/FailureAlert';
import { saveFile } from '../../../lib/save-file';

/** One year's packing slips as a ZIP (for the bookkeeper): this year unless another is typed. */
export function PackingSlipsZip() {
  const t = useT();
  const yearId = useId();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const valid = /^\d{4}$/.test(year) && Number(year) >= 2000;
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const { data } = await api.GET('/api/suppliers/packing-slips/zip', {
        params: { query: { year: Number(year) } },
        parseAs: 'blob',
      });
      saveFile(data as Blob, `packing-slips-${year}.zip`);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="record-section" aria-labelledby="slips-zip">
      <h2 id="slips-zip">{t('manage.suppliers.zip.heading')}</h2>
      <p>{t('manage.suppliers.zip.body')}</p>
      <div className="stock-filters">
        <div className="field">
          <label htmlFor={yearId}>{t('manage.suppliers.zip.year')}</label>
          <input
            id={yearId}
            inputMode="numeric"
            maxLength={4}
            value={year}
            aria-invalid={!valid || undefined}
            onChange={(event) => setYear(event.target.value.trim())}
          />
        </div>
        <Button variant="secondary" isDisabled={!valid} onPress={() => !pending && void download()}>
          {pending ? t('app.sending') : t('manage.suppliers.zip.download')}
        </Button>
      </div>
      <FailureAlert error={error} />
    </section>
  );
}
