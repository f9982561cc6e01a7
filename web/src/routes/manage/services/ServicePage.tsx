import { useState } from 'react';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { useKeptWhileRemoving } from '../../../api/kept-while-removing';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, LoadError, useTitle } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { categoryOf, CategorySelect, numberOf } from './CategorySelect';
import { Performers } from './Performers';
import { PhotoField } from './PhotoField';
import { VatSelect } from './VatSelect';

type Service = Schemas['Service'];

/**
 * /manage/services/:id: everything of one service: its terms (category, VAT rate, duration,
 * price), its phases (the processing time in which the stylist is free), the rooms and
 * equipment it needs, what the booking page tells of it (description, photo), who performs it
 * at what price and duration, and deleting it (archived instead while bookings use it).
 */
export function ServicePage({ id }: { id: number }) {
  const t = useT();
  const services = $api.useQuery('get', '/api/services', { params: { query: { include_archived: true } } });
  const categories = $api.useQuery('get', '/api/services/categories');
  const resources = $api.useQuery('get', '/api/resources');
  const vatRates = $api.useQuery('get', '/api/settings/vat-rates');
  const salon = $api.useQuery('get', '/api/public/salon-info');
  const service = useKeptWhileRemoving(
    services.data?.find((item) => item.id === id),
    id,
    ['delete', '/api/services/{id}'],
  );
  const [done, setDone] = useState('');
  useTitle(service ? t('manage.services.service.title', { name: service.name }) : t('manage.services.title'));
  const queries = [services, categories, resources, vatRates, salon];

  const body = () => {
    if (queries.some((query) => query.isError))
      return <LoadError retry={() => queries.forEach((query) => void query.refetch())} />;
    if (!services.data || !categories.data || !resources.data || !vatRates.data || !salon.data) return <Loading />;
    if (!service) {
      return (
        <>
          <h1>{t('manage.services.service.missing')}</h1>
          <p>{t('manage.services.service.missingBody')}</p>
        </>
      );
    }
    return (
      <>
        <h1>{service.name}</h1>
        {service.active === 0 && <p className="notice">{t('manage.services.service.archived')}</p>}
        <ServiceForm
          service={service}
          categories={categories.data}
          resources={resources.data}
          vatRates={vatRates.data}
          onSaved={() => setDone(t('manage.services.saved'))}
        />
        <PhotoField service={service} onDone={setDone} />
        <Performers service={service} currency={salon.data.currency} onDone={setDone} />
        <DeleteService service={service} />
      </>
    );
  };
  return (
    <div className="manage-services manage-service">
      <p className="manage-back">
        <Link href={officeHref.manageServices()}>{t('manage.services.backToList')}</Link>
      </p>
      <p role="status" className="manage-announce">
        {done}
      </p>
      {body()}
    </div>
  );
}

function ServiceForm({
  service,
  categories,
  resources,
  vatRates,
  onSaved,
}: {
  service: Service;
  categories: readonly Schemas['ServiceCategory'][];
  resources: readonly Schemas['Resource'][];
  vatRates: readonly Schemas['VatRate'][];
  onSaved: () => void;
}) {
  const t = useT();
  const update = useApiMutation('put', '/api/services/{id}', { onSuccess: onSaved });
  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const vat = fieldText(form, 'vat_rate_id');
    update.mutate({
      params: { path: { id: service.id } },
      body: {
        name: fieldText(form, 'name'),
        category_id: categoryOf(form),
        ...(vat === '' ? {} : { vat_rate_id: Number(vat) }),
        duration_min: numberOf(form, 'duration_min'),
        price: numberOf(form, 'price'),
        processing_after_min: numberOf(form, 'processing_after_min'),
        processing_min: numberOf(form, 'processing_min'),
        resource_ids: data.getAll('resource_ids').map(Number),
        description: fieldText(form, 'description'),
        online_bookable: data.get('online_bookable') !== null,
      },
    });
  };
  return (
    <section aria-labelledby="service-details" className="manage-block">
      <h2 id="service-details">{t('manage.services.service.details')}</h2>
      <ApiForm sending={update} onSubmit={submit} className="manage-form">
        <TextField
          label={t('manage.services.field.name')}
          name="name"
          isRequired
          maxLength={200}
          defaultValue={service.name}
        />
        <CategorySelect categories={categories} defaultValue={service.category_id} />
        <VatSelect rates={vatRates} defaultValue={service.vat_rate_id} />
        <div className="manage-pair">
          <TextField
            label={t('manage.services.field.duration')}
            name="duration_min"
            inputMode="numeric"
            isRequired
            defaultValue={String(service.duration_min)}
          />
          <TextField
            label={t('manage.services.field.price')}
            name="price"
            inputMode="decimal"
            isRequired
            defaultValue={String(service.price)}
          />
        </div>
        <fieldset className="manage-fieldset">
          <legend>{t('manage.services.phases')}</legend>
          <p className="description">{t('manage.services.phasesHelp')}</p>
          <div className="manage-pair">
            <TextField
              label={t('manage.services.field.processingAfter')}
              name="processing_after_min"
              inputMode="numeric"
              defaultValue={String(service.processing_after_min)}
            />
            <TextField
              label={t('manage.services.field.processing')}
              name="processing_min"
              inputMode="numeric"
              defaultValue={String(service.processing_min)}
            />
          </div>
        </fieldset>
        <fieldset className="manage-fieldset">
          <legend>{t('manage.services.resources')}</legend>
          {resources.length === 0 ? (
            <p className="description">{t('manage.services.noResources')}</p>
          ) : (
            resources.map((resource) => (
              <Checkbox
                key={resource.id}
                name="resource_ids"
                value={String(resource.id)}
                defaultSelected={service.resource_ids.includes(resource.id)}
              >
                {t('manage.services.resourceOption', { name: resource.name, capacity: resource.capacity })}
              </Checkbox>
            ))
          )}
        </fieldset>
        <TextField
          label={t('manage.services.field.description')}
          description={t('manage.services.descriptionHelp')}
          name="description"
          multiline
          maxLength={1000}
          defaultValue={service.description ?? ''}
        />
        <div className="manage-toggle">
          <Checkbox
            name="online_bookable"
            defaultSelected={service.online_bookable === 1}
            aria-describedby="service-online-help"
          >
            {t('manage.services.field.onlineBookable')}
          </Checkbox>
          <p id="service-online-help" className="description">
            {t('manage.services.onlineBookableHelp')}
          </p>
        </div>
        <div className="actions">
          <SubmitButton sending={update}>{t('manage.services.save')}</SubmitButton>
        </div>
      </ApiForm>
    </section>
  );
}

/** Delete, asked first; a service bookings use is archived instead, and the page says so. */
function DeleteService({ service }: { service: Service }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const remove = useApiMutation('delete', '/api/services/{id}', {
    onSuccess: () => navigate(officeHref.manageServices()),
  });
  return (
    <section aria-labelledby="service-delete" className="manage-block manage-danger">
      <h2 id="service-delete">{t('manage.services.service.delete')}</h2>
      <p>{t('manage.services.service.deleteHelp')}</p>
      <FailureAlert error={remove.error} />
      {confirming ? (
        <div className="actions">
          <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: service.id } } })}>
            {t('manage.services.service.deleteConfirm', { name: service.name })}
          </SendButton>
          <Button variant="secondary" onPress={() => setConfirming(false)}>
            {t('manage.services.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {t('manage.services.service.delete')}
        </Button>
      )}
    </section>
  );
}
