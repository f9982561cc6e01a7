import { useQueries } from '@tanstack/react-query';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SubmitButton } from '../../../ui/ApiForm';
import { Checkbox } from '../../../ui/Checkbox';
import { Loading, LoadError } from '../../../ui/PageStates';
import { useMoney } from '../../../ui/RecordPage';
import { TextField } from '../../../ui/TextField';
import { numberOf } from './CategorySelect';
import { PerformedBy } from './PerformedBy';
import { performersBody, rowOf } from './performer-body';

type Service = Schemas['Service'];
type Member = Schemas['StaffListItem'];

/**
 * Who performs the service: each bookable member, whether they do, and at what price and
 * duration if theirs differ from the service's (a senior stylist's colour costs more). Saved
 * per member, since each member's list is theirs.
 */
export function Performers({
  service,
  currency,
  onDone,
}: {
  service: Service;
  currency: string;
  onDone: (text: string) => void;
}) {
  const t = useT();
  const staff = $api.useQuery('get', '/api/staff/staff');
  const members = (staff.data ?? []).filter((member) => member.bookable === 1);
  const lists = useQueries({
    queries: members.map((member) =>
      $api.queryOptions('get', '/api/staff/staff/{id}/services', { params: { path: { id: member.id } } }),
    ),
  });
  const body = () => {
    if (staff.isError || lists.some((list) => list.isError))
      return (
        <LoadError
          retry={() => {
            void staff.refetch();
            lists.forEach((list) => void list.refetch());
          }}
        />
      );
    if (!staff.data || lists.some((list) => !list.data)) return <Loading />;
    if (members.length === 0) return <p>{t('manage.services.performers.none')}</p>;
    return (
      <ul className="performers">
        {members.map((member, index) => (
          // A form of defaults: drawn again when the member's list is read anew (a service added since).
          <li key={`${member.id}-${lists[index]!.dataUpdatedAt}`}>
            <PerformerForm
              member={member}
              list={lists[index]!.data!}
              service={service}
              currency={currency}
              onDone={onDone}
            />
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section aria-labelledby="service-performers" className="manage-block">
      <h2 id="service-performers">{t('manage.services.performers.title')}</h2>
      <PerformedBy serviceId={service.id} currency={currency} />
      <p className="description">{t('manage.services.performers.help')}</p>
      {body()}
    </section>
  );
}

function PerformerForm({
  member,
  list,
  service,
  currency,
  onDone,
}: {
  member: Member;
  list: Schemas['StaffServices'];
  service: Service;
  currency: string;
  onDone: (text: string) => void;
}) {
  const t = useT();
  const money = useMoney(currency);
  const row = rowOf(list, service.id);
  const save = useApiMutation('put', '/api/staff/staff/{id}/services', {
    onSuccess: () => onDone(t('manage.services.performers.saved', { name: member.name })),
  });
  // The service names a member's own values `services[i].price`: said on this form's fields.
  const details = JSON.stringify((save.error as { body?: unknown } | null)?.body ?? '');
  const checks = {
    ...(/\.price"/.test(details) ? { price: t('manage.services.performers.badPrice') } : {}),
    ...(/\.duration_min"/.test(details) ? { duration_min: t('manage.services.performers.badDuration') } : {}),
  };
  const submit = (form: HTMLFormElement) => {
    const price = fieldText(form, 'price').trim();
    const duration = fieldText(form, 'duration_min').trim();
    save.mutate({
      params: { path: { id: member.id } },
      body: performersBody(list, service.id, {
        performs: new FormData(form).has('performs'),
        price: price === '' ? null : numberOf(form, 'price'),
        durationMin: duration === '' ? null : numberOf(form, 'duration_min'),
      }),
    });
  };
  return (
    <ApiForm sending={save} onSubmit={submit} checks={checks} className="performer" aria-label={member.name}>
      <Checkbox name="performs" defaultSelected={row !== undefined}>
        {t('manage.services.performers.performs', { name: member.name })}
      </Checkbox>
      <div className="manage-pair">
        <TextField
          label={t('manage.services.performers.price', { name: member.name })}
          description={t('manage.services.performers.priceHelp', { price: money(service.price) })}
          name="price"
          inputMode="decimal"
          defaultValue={row?.own_price === null || row === undefined ? '' : String(row.own_price)}
        />
        <TextField
          label={t('manage.services.performers.duration', { name: member.name })}
          description={t('manage.services.performers.durationHelp', { minutes: service.duration_min })}
          name="duration_min"
          inputMode="numeric"
          defaultValue={row?.own_duration_min === null || row === undefined ? '' : String(row.own_duration_min)}
        />
      </div>
      <div className="actions">
        <SubmitButton variant="secondary" sending={save}>
          {t('manage.services.performers.save', { name: member.name })}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}
