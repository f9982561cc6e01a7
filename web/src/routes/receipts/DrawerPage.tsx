import { useState } from 'react';
import { Link } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api } from '../../api/client';
import type { components } from '../../api/schema.gen';
import { errorStatus } from '../../api/errors';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../ui/ApiForm';
import { Loading, LoadError, useTitle } from '../../ui/PageStates';
import { useIsAdmin, useMoney } from '../../ui/RecordPage';
import { TextField } from '../../ui/TextField';
import { BlindCount } from './BlindCount';
import { parseAmount } from './amounts';
import { useWallClock } from './format';
import type { ZReportData } from './ZReport';
import { PrintableZReport } from './ZReportsPage';
import './till-records.css';

/**
 * /till/drawer: the cash drawer's day. Opened with a float; cash paid in and out with a
 * reason; closed with a blind count (nothing here shows the expected cash before the count is
 * given, not even to an admin), which answers the day's Z report.
 */
export function DrawerPage() {
  const t = useT();
  const title = t('drawer.title');
  useTitle(title);
  const drawer = $api.useQuery('get', '/api/pos/drawer', {}, { retry: false });
  const [closed, setClosed] = useState<ZReportData | null>(null);
  const info = $api.useQuery('get', '/api/public/salon-info');
  const admin = useIsAdmin();

  if (closed) {
    return (
      <>
        <PrintableZReport report={closed} currency={info.data?.currency} title={t('drawer.closed.title')} />
        <p className="print-hide">
          <button type="button" className="link-button" onClick={() => setClosed(null)}>
            {t('drawer.closed.back')}
          </button>
        </p>
      </>
    );
  }
  const none = drawer.isError && errorStatus(drawer.error) === 404;
  return (
    <>
      <h1>{title}</h1>
      {admin && (
        <p>
          <Link href={officeHref.zReports()}>{t('drawer.zList.title')}</Link>
        </p>
      )}
      {none ? (
        <OpenDay />
      ) : drawer.isError ? (
        <LoadError retry={() => void drawer.refetch()} />
      ) : !drawer.data ? (
        <Loading />
      ) : (
        <OpenDayView day={drawer.data} onClosed={setClosed} />
      )}
    </>
  );
}

function OpenDay() {
  const t = useT();
  const open = useApiMutation('post', '/api/pos/drawer/open');
  const [checks, setChecks] = useState<Record<string, string>>({});
  return (
    <section className="till-section" aria-labelledby="drawer-open">
      <h2 id="drawer-open">{t('drawer.open.title')}</h2>
      <p>{t('drawer.open.none')}</p>
      <ApiForm
        sending={open}
        checks={checks}
        onSubmit={(form) => {
          const float = parseAmount(fieldText(form, 'float'));
          if (float === null || float < 0) return setChecks({ float: t('drawer.amountInvalid') });
          setChecks({});
          open.mutate({ body: { float } });
        }}
      >
        <TextField name="float" label={t('drawer.open.float')} inputMode="decimal" isRequired autoComplete="off" />
        <SubmitButton sending={open}>{t('drawer.open.submit')}</SubmitButton>
      </ApiForm>
    </section>
  );
}

type Day = components['schemas']['PosDrawerDay'];

function OpenDayView({ day, onClosed }: { day: Day; onClosed: (report: ZReportData) => void }) {
  const t = useT();
  const money = useMoney(day.currency);
  const clock = useWallClock();
  return (
    <>
      <dl className="till-section record-details">
        <div className="record-detail">
          <dt>{t('drawer.openedAt')}</dt>
          <dd>{clock(day.opened_at)}</dd>
        </div>
        <div className="record-detail">
          <dt>{t('drawer.float')}</dt>
          <dd>{money(day.float)}</dd>
        </div>
      </dl>
      <section className="till-section" aria-labelledby="drawer-movements">
        <h2 id="drawer-movements">{t('drawer.movements.title')}</h2>
        {day.movements.length === 0 ? (
          <p>{t('drawer.movements.none')}</p>
        ) : (
          <table className="till-movements">
            <caption className="visually-hidden">{t('drawer.movements.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('drawer.movements.when')}</th>
                <th scope="col">{t('drawer.movements.reason')}</th>
                <th scope="col">{t('drawer.movements.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {day.movements.map((movement) => (
                <tr key={movement.receipt_number}>
                  <td>{clock(movement.created_at)}</td>
                  <td>{movement.reason}</td>
                  <td>{money(movement.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <MoveCash />
      </section>
      <BlindCount currency={day.currency} denominations={day.denominations} onClosed={onClosed} />
    </>
  );
}

function MoveCash() {
  const t = useT();
  const move = useApiMutation('post', '/api/pos/drawer/movements');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [checks, setChecks] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  return (
    <ApiForm
      key={formKey}
      sending={move}
      checks={checks}
      aria-labelledby="drawer-move"
      onSubmit={(form) => {
        const amount = parseAmount(fieldText(form, 'amount'));
        if (amount === null || amount <= 0) return setChecks({ amount: t('drawer.amountInvalid') });
        setChecks({});
        move.mutate(
          { body: { amount: direction === 'in' ? amount : -amount, reason: fieldText(form, 'reason').trim() } },
          { onSuccess: () => setFormKey((key) => key + 1) },
        );
      }}
    >
      <h3 id="drawer-move">{t('drawer.move.title')}</h3>
      <fieldset className="till-paper">
        <legend>{t('drawer.move.direction')}</legend>
        {(['in', 'out'] as const).map((choice) => (
          <label key={choice}>
            <input type="radio" name="direction" checked={direction === choice} onChange={() => setDirection(choice)} />{' '}
            {t(`drawer.move.${choice}`)}
          </label>
        ))}
      </fieldset>
      <TextField name="amount" label={t('drawer.move.amount')} inputMode="decimal" isRequired autoComplete="off" />
      <TextField name="reason" label={t('drawer.move.reason')} isRequired maxLength={500} />
      <SubmitButton sending={move} variant="secondary">
        {t('drawer.move.submit')}
      </SubmitButton>
    </ApiForm>
  );
}
