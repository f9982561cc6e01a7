import { Link } from 'wouter';
import { $api, type Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../../ui/ApiForm';
import { Checkbox } from '../../../../ui/Checkbox';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { TextField } from '../../../../ui/TextField';
import { useSyncedDraft } from '../synced-draft';

type Location = Schemas['Location'];
interface Draft {
  name: string;
  address: string;
  phone: string;
  email: string;
  is_default: boolean;
  active: boolean;
}
const EMPTY: Draft = { name: '', address: '', phone: '', email: '', is_default: false, active: true };
const draftOf = (location: Location): Draft => ({
  name: location.name,
  address: location.address,
  phone: location.phone,
  email: location.email,
  is_default: location.is_default === 1,
  active: location.active === 1,
});
const bodyOf = (draft: Draft) => ({
  name: draft.name.trim(),
  address: draft.address.trim(),
  phone: draft.phone.trim(),
  email: draft.email.trim(),
  is_default: draft.is_default,
  active: draft.active,
});

/**
 * The salon's locations, each its own small form (saved or deleted alone), and a new one. Every
 * location is listed, inactive ones too: the roster offers only the active ones, but an inactive
 * one can be switched back on here. Each location's name links to its own address, where it is
 * read by its id (LocationPage).
 */
export function LocationsPage({ locationsHref }: { locationsHref: string }) {
  const t = useT();
  const list = $api.useQuery('get', '/api/locations');
  return (
    <>
      {list.isError ? (
        <LoadError retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <p>{t('manage.settings.locations.none')}</p>
      ) : (
        list.data.map((location) => (
          <LocationForm key={location.id} location={location} href={`${locationsHref}/${location.id}`} />
        ))
      )}
      <LocationForm location={null} />
    </>
  );
}

/**
 * One location's form (or a new one's): `href`, its own address, makes its heading a link there;
 * `onDeleted` is told once it is deleted.
 */
export function LocationForm({
  location,
  href,
  onDeleted,
}: {
  location: Location | null;
  href?: string;
  onDeleted?: () => void;
}) {
  const t = useT();
  const [draft, setDraft, replaceDraft] = useSyncedDraft(location, draftOf, EMPTY);
  const create = useApiMutation('post', '/api/locations', { onSuccess: () => replaceDraft(EMPTY) });
  const update = useApiMutation('put', '/api/locations/{id}', {
    onSuccess: (saved: Location) => replaceDraft(draftOf(saved)),
  });
  const remove = useApiMutation('delete', '/api/locations/{id}', { onSuccess: () => onDeleted?.() });
  const save = location ? update : create;
  const set =
    <K extends keyof Draft>(name: K) =>
    (value: Draft[K]) => {
      if (save.isSuccess) save.reset();
      setDraft((current) => ({ ...current, [name]: value }));
    };
  const headingId = `location-${location?.id ?? 'new'}`;
  const submit = () =>
    location
      ? update.mutate({ params: { path: { id: location.id } }, body: bodyOf(draft) })
      : create.mutate({ body: bodyOf(draft) });
  return (
    <section className="form-group" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {location && href ? (
          <Link href={href}>{location.name}</Link>
        ) : location ? (
          location.name
        ) : (
          t('manage.settings.locations.new')
        )}
      </h2>
      <ApiForm
        // A refusal must not hold the next press back as a browser check: the service decides again.
        validationBehavior="aria"
        sending={save}
        onSubmit={submit}
      >
        <TextField
          name="name"
          label={t('manage.settings.locations.name')}
          isRequired
          maxLength={200}
          value={draft.name}
          onChange={set('name')}
        />
        <TextField
          name="address"
          label={t('manage.settings.locations.address')}
          value={draft.address}
          onChange={set('address')}
        />
        <TextField
          name="phone"
          type="tel"
          label={t('manage.settings.locations.phone')}
          value={draft.phone}
          onChange={set('phone')}
        />
        <TextField
          name="email"
          type="email"
          label={t('manage.settings.locations.email')}
          value={draft.email}
          onChange={set('email')}
        />
        <div className="settings-toggle">
          <Checkbox
            name="is_default"
            isSelected={draft.is_default}
            onChange={set('is_default')}
            aria-describedby={`${headingId}-default`}
          >
            {t('manage.settings.locations.isDefault')}
          </Checkbox>
          <p id={`${headingId}-default`} className="description">
            {t('manage.settings.locations.defaultRule')}
          </p>
        </div>
        <div className="settings-toggle">
          <Checkbox
            name="active"
            isSelected={draft.active}
            onChange={set('active')}
            aria-describedby={`${headingId}-active`}
          >
            {t('manage.settings.locations.active')}
          </Checkbox>
          <p id={`${headingId}-active`} className="description">
            {t('manage.settings.locations.activeHelp')}
          </p>
        </div>
        <FailureAlert error={remove.error} words={{ codes: { location_in_use: 'manage.settings.locations.inUse' } }} />
        <div className="actions">
          <SubmitButton sending={save}>
            {location ? t('manage.settings.save') : t('manage.settings.locations.add')}
          </SubmitButton>
          {location && (
            <SendButton
              variant="secondary"
              sending={remove}
              onSend={() => remove.mutate({ params: { path: { id: location.id } } })}
            >
              {t('manage.settings.locations.remove', { name: location.name })}
            </SendButton>
          )}
          <p role="status" className={save.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
            {save.isSuccess ? (location ? t('manage.settings.saved') : t('manage.settings.locations.added')) : ''}
          </p>
        </div>
      </ApiForm>
    </section>
  );
}
