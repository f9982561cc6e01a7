import { useState } from 'react';
import { $api } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { useT } from '../../../i18n/i18n';
import { SendButton } from '../../../ui/ApiForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FailureAlert } from '../../../ui/FailureAlert';
import { Loading, LoadError } from '../../../ui/PageStates';

/**
 * The saved templates (a campaign starts from one) and segments (a campaign's audience is
 * loaded from one), each deleted after a question. Both are made from a campaign's page.
 */
export function Library() {
  const t = useT();
  const templates = $api.useQuery('get', '/api/campaigns/templates');
  const segments = $api.useQuery('get', '/api/campaigns/segments');
  return (
    <div className="campaigns-library">
      <section aria-labelledby="campaign-templates">
        <h2 id="campaign-templates">{t('manage.campaigns.templates')}</h2>
        <SavedList
          query={templates}
          empty={t('manage.campaigns.templatesEmpty')}
          kind="templates"
          describe={(item) => t('manage.campaigns.blockCount', { count: item.blocks?.length ?? 0 })}
        />
      </section>
      <section aria-labelledby="campaign-segments">
        <h2 id="campaign-segments">{t('manage.campaigns.segments')}</h2>
        <SavedList query={segments} empty={t('manage.campaigns.segmentsEmpty')} kind="segments" />
      </section>
    </div>
  );
}

interface Saved {
  id: number;
  name: string;
  blocks?: unknown[];
}

function SavedList({
  query,
  empty,
  kind,
  describe,
}: {
  query: { data?: Saved[]; isError: boolean; refetch: () => unknown };
  empty: string;
  kind: 'templates' | 'segments';
  describe?: (item: Saved) => string;
}) {
  const t = useT();
  const [deleting, setDeleting] = useState<Saved | null>(null);
  if (query.isError) return <LoadError retry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  if (query.data.length === 0) return <p>{empty}</p>;
  return (
    <>
      <ul className="campaigns-saved">
        {query.data.map((item) => (
          <li key={item.id}>
            <span className="campaigns-saved-name">
              {item.name}
              {describe && <span className="ordered-meta">{describe(item)}</span>}
            </span>
            <Button variant="secondary" onPress={() => setDeleting(item)}>
              {t('manage.campaigns.deleteNamed', { name: item.name })}
            </Button>
          </li>
        ))}
      </ul>
      {deleting && <DeleteDialog kind={kind} item={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function DeleteDialog({ kind, item, onClose }: { kind: 'templates' | 'segments'; item: Saved; onClose: () => void }) {
  const t = useT();
  const template = useApiMutation('delete', '/api/campaigns/templates/{id}', { onSuccess: onClose });
  const segment = useApiMutation('delete', '/api/campaigns/segments/{id}', { onSuccess: onClose });
  const remove = kind === 'templates' ? template : segment;
  return (
    <Dialog
      isOpen
      role="alertdialog"
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('manage.campaigns.deleteNamed', { name: item.name })}
      isDismissable={!remove.isPending}
    >
      <FailureAlert error={remove.error} />
      <p>{t(kind === 'templates' ? 'manage.campaigns.deleteTemplateText' : 'manage.campaigns.deleteSegmentText')}</p>
      <div className="actions">
        <SendButton sending={remove} onSend={() => remove.mutate({ params: { path: { id: item.id } } })}>
          {t('manage.campaigns.delete')}
        </SendButton>
        <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
          {t('manage.campaigns.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
