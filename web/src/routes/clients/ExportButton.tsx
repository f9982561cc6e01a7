import { useState } from 'react';
import { api, type Schemas } from '../../api/client';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/FailureAlert';

type Client = Schemas['Client'];

/**
 * The GDPR export as a download: the service's JSON file (`client-<id>.json`), fetched with the
 * signed-in admin's token (a plain link could not carry it) and handed to the browser to save.
 */
export function ExportButton({ client, onDone }: { client: Client; onDone: (message: string) => void }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const { data } = await api.GET('/api/clients/{id}/export', {
        params: { path: { id: client.id } },
        parseAs: 'blob',
      });
      const url = URL.createObjectURL(data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `client-${client.id}.json`;
      link.click();
      // The browser has taken the file once the click is handled.
      window.setTimeout(() => URL.revokeObjectURL(url), 0);
      onDone(t('clients.export.done', { name: client.name }));
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onPress={() => !pending && void download()}>
        {pending ? t('app.sending') : t('clients.export.open')}
      </Button>
      <FailureAlert error={error} />
    </>
  );
}
