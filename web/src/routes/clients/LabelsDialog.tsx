import { useId, useState } from 'react';
import { $api, type Schemas } from '../../api/client';
import { errorCode } from '../../api/errors';
import { useApiMutation } from '../../api/mutation';
import { useT } from '../../i18n/i18n';
import { ApiForm, fieldText, SendButton, SubmitButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FailureAlert } from '../../ui/FailureAlert';
import { Loading, LoadError } from '../../ui/PageStates';
import { TextField } from '../../ui/TextField';

type Label = Schemas['ClientLabel'];

/** The service's default colour of a label (a new label's colour field starts there). */
const DEFAULT_COLOUR = '#6e56cf';

/**
 * The salon's client labels, from the clients list: each renamed or recoloured in its own small
 * form, deleted after saying how many clients carry it (the clients stay, the label comes off
 * them), and a new one added. A name another label has, in any case, is refused on the name.
 */
export function LabelsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const t = useT();
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t('clients.labels.title')}>
      <LabelsBody />
      <div className="actions">
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {t('clients.labels.close')}
        </Button>
      </div>
    </Dialog>
  );
}

function LabelsBody() {
  const t = useT();
  const labels = $api.useQuery('get', '/api/clients/labels');
  // What the last change did, said once (a deleted label's form is gone with its own line).
  const [done, setDone] = useState('');
  return (
    <>
      <p>{t('clients.labels.about')}</p>
      <p role="status" className="client-done">
        {done}
      </p>
      {labels.isError ? (
        <LoadError retry={() => void labels.refetch()} />
      ) : !labels.data ? (
        <Loading />
      ) : labels.data.length === 0 ? (
        <p>{t('clients.labels.none')}</p>
      ) : (
        <ul className="labels-list">
          {labels.data.map((label) => (
            <li key={label.id}>
              <LabelForm label={label} onDone={setDone} />
            </li>
          ))}
        </ul>
      )}
      <LabelForm label={null} onDone={setDone} />
    </>
  );
}

function LabelForm({ label, onDone }: { label: Label | null; onDone: (message: string) => void }) {
  const t = useT();
  const colourId = useId();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  // The new label's form starts afresh once added (a new key remounts its uncontrolled fields).
  const [round, setRound] = useState(0);
  const create = useApiMutation('post', '/api/clients/labels', {
    onSuccess: (added: Label) => {
      setRound((n) => n + 1);
      onDone(t('clients.labels.added', { name: added.name }));
    },
  });
  const update = useApiMutation('put', '/api/clients/labels/{id}', {
    onSuccess: (saved: Label) => onDone(t('clients.labels.saved', { name: saved.name })),
  });
  const remove = useApiMutation('delete', '/api/clients/labels/{id}', {
    onSuccess: () => label && onDone(t('clients.labels.deleted', { name: label.name })),
  });
  const save = label ? update : create;
  const checks = errorCode(save.error) === 'label_exists' ? { name: t('clients.labels.exists') } : undefined;
  const submit = (form: HTMLFormElement) => {
    const body = { name: fieldText(form, 'name').trim(), color: fieldText(form, 'color') };
    if (label) update.mutate({ params: { path: { id: label.id } }, body });
    else create.mutate({ body });
  };
  return (
    <section className="label-form" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {label ? (
          <>
            <span className="label-swatch" style={{ background: label.color }} aria-hidden="true" />
            {label.name} <span className="client-none">{t('clients.labels.count', { count: label.client_count })}</span>
          </>
        ) : (
          t('clients.labels.new')
        )}
      </h3>
      <ApiForm key={round} sending={save} onSubmit={submit} checks={checks} className="label-fields">
        <TextField
          name="name"
          label={label ? t('clients.labels.nameOf', { name: label.name }) : t('clients.labels.name')}
          isRequired
          maxLength={50}
          defaultValue={label?.name ?? ''}
        />
        <div className="field">
          <label htmlFor={colourId}>
            {label ? t('clients.labels.colourOf', { name: label.name }) : t('clients.labels.colour')}
          </label>
          <input id={colourId} name="color" type="color" defaultValue={label?.color ?? DEFAULT_COLOUR} />
        </div>
        <div className="actions">
          <SubmitButton sending={save}>
            {label ? t('clients.labels.save', { name: label.name }) : t('clients.labels.add')}
          </SubmitButton>
          {label && !confirming && (
            <Button variant="secondary" onPress={() => setConfirming(true)}>
              {t('clients.labels.delete', { name: label.name })}
            </Button>
          )}
        </div>
      </ApiForm>
      {label && confirming && (
        <div className="label-confirm">
          <p>{t('clients.labels.deleteAsk', { name: label.name, count: label.client_count })}</p>
          <FailureAlert error={remove.error} />
          <div className="actions">
            <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: label.id } } })}>
              {t('clients.labels.deleteConfirm', { name: label.name })}
            </SendButton>
            <Button
              variant="secondary"
              onPress={() => {
                remove.reset();
                setConfirming(false);
              }}
            >
              {t('clients.labels.keep')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
