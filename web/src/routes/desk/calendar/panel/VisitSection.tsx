import { useState } from 'react';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { formatClock } from '../../../../lib/format';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../../ui/ApiForm';
import { Button } from '../../../../ui/Button';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { STATUS_WORD } from '../day/booking-words';
import type { DeskSettings } from '../desk-settings';
import { DESK_WORDS } from '../refusals';
import { RulesOverride } from '../RulesOverride';
import { wallClock } from '../wall-clock';
import { DayAndTime } from './DayAndTime';
import { refusedPart } from './group-refusals';

type Visit = Schemas['Visit'];
const OPEN = new Set<Schemas['Booking']['status']>(['scheduled', 'provisional']);

/**
 * The visit a booking is a part of (several services in a row): its parts, and the visit moved
 * whole (`PUT /api/bookings/visits/{id}`: every part not cancelled by the same amount, each part's
 * version sent so a part changed meanwhile refuses the move) or cancelled whole after a question
 * naming its services (`DELETE`). A refused move says, as the API names it, why and which part.
 */
export function VisitSection({ visitId, settings }: { visitId: number; settings: DeskSettings }) {
  const t = useT();
  const visit = $api.useQuery('get', '/api/bookings/visits/{id}', { params: { path: { id: visitId } } });
  const [asking, setAsking] = useState<'move' | 'cancel' | null>(null);
  if (!visit.data) return null;
  const v = visit.data;
  const clock = (text: string) => formatClock(text.slice(11, 16), settings.locale, settings.timeFormat);
  const services = v.bookings.map((part) => part.service_name).join(', ');
  const open = v.bookings.some((part) => OPEN.has(part.status));
  return (
    <section className="panel-group" aria-labelledby={`visit-${v.id}`}>
      <h3 id={`visit-${v.id}`}>{t('calendar.visit.heading', { count: v.bookings.length })}</h3>
      <ol>
        {v.bookings.map((part) => (
          <li key={part.id}>
            {t('calendar.visit.part', {
              start: clock(part.start_at),
              end: clock(part.end_at),
              service: part.service_name,
              staff: part.staff_name,
              status: t(STATUS_WORD[part.status]),
            })}
          </li>
        ))}
      </ol>
      {asking === 'move' ? (
        <VisitMove visit={v} settings={settings} onDone={() => setAsking(null)} />
      ) : asking === 'cancel' ? (
        <VisitCancel visit={v} services={services} onDone={() => setAsking(null)} />
      ) : (
        open && (
          <div className="actions">
            <Button variant="secondary" onPress={() => setAsking('move')}>
              {t('calendar.visit.move')}
            </Button>
            <Button variant="secondary" onPress={() => setAsking('cancel')}>
              {t('calendar.visit.cancel')}
            </Button>
          </div>
        )
      )}
    </section>
  );
}

/** "Move the visit": a new day and start for its first part not cancelled; the others follow. */
function VisitMove({ visit, settings, onDone }: { visit: Visit; settings: DeskSettings; onDone: () => void }) {
  const t = useT();
  const [override, setOverride] = useState(false);
  const move = useApiMutation('put', '/api/bookings/visits/{id}', { onSuccess: onDone });
  const first = visit.bookings.find((part) => part.status !== 'cancelled') ?? visit.bookings[0]!;
  const position = refusedPart(move.error);
  const refused = position === null ? undefined : visit.bookings.find((part) => part.visit_position === position);
  return (
    <ApiForm
      sending={move}
      words={DESK_WORDS}
      aria-label={t('calendar.visit.moveTitle')}
      onSubmit={(form) =>
        move.mutate({
          params: { path: { id: visit.id } },
          body: {
            start_at: wallClock(fieldText(form, 'date'), fieldText(form, 'start_at')),
            // Made from the parts the desk showed: a part changed meanwhile refuses the move.
            versions: visit.bookings.map((part) => ({ booking_id: part.id, version: part.version })),
            ...(override ? { override: true } : {}),
          },
        })
      }
    >
      <h4>{t('calendar.visit.moveTitle')}</h4>
      {refused && (
        <p className="alert">
          {t('calendar.visit.refusedPart', { service: refused.service_name, staff: refused.staff_name })}
        </p>
      )}
      <DayAndTime start={first.start_at} />
      <RulesOverride error={move.error} override={override} onOverride={setOverride} />
      <div className="actions">
        <SubmitButton sending={move}>{t('calendar.visit.moveSubmit')}</SubmitButton>
        <Button variant="secondary" onPress={onDone}>
          {t('calendar.move.back')}
        </Button>
      </div>
      <p className="description">{t('calendar.move.zone', { zone: settings.timezone })}</p>
    </ApiForm>
  );
}

/** "Cancel the whole visit?", naming its services: every part still scheduled or provisional is cancelled. */
function VisitCancel({ visit, services, onDone }: { visit: Visit; services: string; onDone: () => void }) {
  const t = useT();
  const cancel = useApiMutation('delete', '/api/bookings/visits/{id}', { onSuccess: onDone });
  const question = t('calendar.visit.cancelQuestion', { services });
  return (
    <div className="actions" role="group" aria-label={question}>
      <p>{question}</p>
      <FailureAlert error={cancel.error} words={DESK_WORDS} />
      <SendButton sending={cancel} onSend={() => cancel.mutate({ params: { path: { id: visit.id } } })}>
        {t('calendar.visit.cancelYes')}
      </SendButton>
      <Button variant="secondary" onPress={onDone}>
        {t('calendar.panel.cancelNo')}
      </Button>
    </div>
  );
}
