import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../api/client';
import { asPage } from '../../api/pages';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadError, Loading, useTitle } from '../../ui/PageStates';
import { windowText } from './window-text';
import { WaitlistForm } from './WaitlistForm';

type Shown = Schemas['WaitlistEntry']['status'] | 'all';
const SHOWN: readonly Shown[] = ['waiting', 'offered', 'booked', 'cancelled', 'all'];

/**
 * /waitlist: the entries in the queue's order (by wished day, then when they joined), waiting
 * ones unless another status is chosen, each linking to its screen; "Add to the waitlist" opens
 * the form, and once added, the entry's screen.
 */
export function WaitlistPage() {
  const t = useT();
  useTitle(t('waitlist.list.title'));
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<Shown>('waiting');
  const [adding, setAdding] = useState(false);
  const entries = $api.useQuery('get', '/api/waitlist', { params: { query: { status } } });
  const rows = entries.data ? asPage(entries.data).data : [];
  return (
    <>
      <div className="waitlist-heading">
        <h1>{t('waitlist.list.title')}</h1>
        <Button onPress={() => setAdding(true)}>{t('waitlist.list.add')}</Button>
      </div>
      <Dialog isOpen={adding} onOpenChange={setAdding} title={t('waitlist.form.newTitle')}>
        <WaitlistForm
          onDone={(entry) => navigate(officeHref.waitlistEntry(entry.id))}
          onCancel={() => setAdding(false)}
        />
      </Dialog>
      <div className="field waitlist-filter">
        <label htmlFor="waitlist-status">{t('waitlist.list.show')}</label>
        <select id="waitlist-status" value={status} onChange={(event) => setStatus(event.target.value as Shown)}>
          {SHOWN.map((shown) => (
            <option key={shown} value={shown}>
              {shown === 'all' ? t('waitlist.list.all') : t(`waitlist.status.${shown}`)}
            </option>
          ))}
        </select>
      </div>
      {entries.isError ? (
        <LoadError retry={() => void entries.refetch()} />
      ) : entries.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p>{t('waitlist.list.none')}</p>
      ) : (
        <ul className="waitlist-list" aria-label={t('waitlist.list.title')}>
          {rows.map((entry) => (
            <li key={entry.id}>
              <Link href={officeHref.waitlistEntry(entry.id)}>{entry.client_name}</Link>
              <span>
                {[
                  entry.service_name,
                  entry.date,
                  windowText(entry, t),
                  entry.staff_name ?? t('waitlist.entry.anyStaff'),
                  t(`waitlist.status.${entry.status}`),
                ].join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
