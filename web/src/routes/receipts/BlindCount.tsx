import { useState } from 'react';
import { useApiMutation } from '../../api/mutation';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { fieldErrors } from '../../ui/failure';
import { useMoney } from '../../ui/RecordPage';
import { TextField } from '../../ui/TextField';
import { parseAmount, sumDenominations } from './amounts';
import type { ZReportData } from './ZReport';

/**
 * The close: a blind count. The counter enters the notes and coins per denomination of the
 * salon's currency (or a total) without seeing what is expected; the service compares. When
 * the count differs it asks for a reason (400 on `reason`), and the reason field says so; the
 * counts stay as typed. The Z report that answers shows expected against counted.
 */
export function BlindCount({
  currency,
  denominations,
  onClosed,
}: {
  currency: string;
  denominations: number[];
  onClosed: (report: ZReportData) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const money = useMoney(currency);
  const close = useApiMutation('post', '/api/pos/drawer/close');
  const [mode, setMode] = useState<'denominations' | 'total'>(denominations.length > 0 ? 'denominations' : 'total');
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [checks, setChecks] = useState<Record<string, string>>({});
  const lines = denominations.map((value) => ({ value, count: Number.parseInt(counts[value] ?? '', 10) || 0 }));
  const counted = sumDenominations(lines);
  // The service's word for a count that differs, said in the page's language.
  const reasonNeeded = fieldErrors(close.error).reason !== undefined;
  const note = (value: number) =>
    new Intl.NumberFormat(LOCALE_OF[language], {
      style: 'currency',
      currency,
      // Notes without cents (€50), coins with them (€0,50).
      minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    }).format(value);

  return (
    <section className="till-section" aria-labelledby="drawer-close">
      <h2 id="drawer-close">{t('drawer.close.title')}</h2>
      <p>{t('drawer.close.intro')}</p>
      <ApiForm
        sending={close}
        checks={{ ...(reasonNeeded ? { reason: t('drawer.close.reasonNeeded') } : {}), ...checks }}
        onSubmit={(form) => {
          const reason = fieldText(form, 'reason').trim();
          let body;
          if (mode === 'total') {
            const total = parseAmount(fieldText(form, 'total'));
            if (total === null || total < 0) return setChecks({ total: t('drawer.amountInvalid') });
            body = { counted: { total }, ...(reason ? { reason } : {}) };
          } else {
            body = {
              counted: { denominations: lines.filter((line) => line.count > 0) },
              ...(reason ? { reason } : {}),
            };
          }
          setChecks({});
          close.mutate({ body }, { onSuccess: onClosed });
        }}
      >
        {denominations.length > 0 && (
          <fieldset className="till-paper">
            <legend>{t('drawer.close.how')}</legend>
            {(['denominations', 'total'] as const).map((choice) => (
              <label key={choice}>
                <input type="radio" name="count-mode" checked={mode === choice} onChange={() => setMode(choice)} />{' '}
                {t(`drawer.close.mode.${choice}`)}
              </label>
            ))}
          </fieldset>
        )}
        {mode === 'denominations' ? (
          <>
            <fieldset className="till-denominations">
              <legend>{t('drawer.close.perDenomination')}</legend>
              {denominations.map((value) => (
                <label key={value}>
                  <span>{t('drawer.close.countOf', { value: note(value) })}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={counts[value] ?? ''}
                    onChange={(event) => setCounts((old) => ({ ...old, [value]: event.target.value }))}
                  />
                </label>
              ))}
            </fieldset>
            <p aria-live="polite">{t('drawer.close.countedSoFar', { amount: money(counted) })}</p>
          </>
        ) : (
          <TextField name="total" label={t('drawer.close.total')} inputMode="decimal" isRequired autoComplete="off" />
        )}
        <TextField
          name="reason"
          label={t('drawer.close.reason')}
          description={t('drawer.close.reasonHelp')}
          maxLength={500}
          multiline
        />
        <SubmitButton sending={close}>{t('drawer.close.submit')}</SubmitButton>
      </ApiForm>
    </section>
  );
}
