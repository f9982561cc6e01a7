import { useEffect, useState } from 'react';
import { $api } from '../../api/client';
import { pushState, pushSupported, turnPushOff, turnPushOn, type PushState } from '../../api/web-push';
import { useT } from '../../i18n/i18n';
import { FailureAlert } from '../../ui/FailureAlert';

/**
 * "Notifications on this device": subscribes this browser to web push (the "On my phone"
 * channel below then reaches it, also with the office closed) or ends its subscription. What
 * the browser cannot do, what the salon has not set up and what the person blocked are said
 * plainly rather than offered as a button that cannot work.
 */
export function PushDevice() {
  const t = useT();
  const key = $api.useQuery('get', '/api/auth/web-push-key', {}, { enabled: pushSupported() });
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    void pushState().then((reached) => {
      if (current) setState(reached);
    });
    return () => {
      current = false;
    };
  }, []);

  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setFailure(null);
    try {
      setState(await action());
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const publicKey = key.data?.public_key ?? null;

  let body;
  if (state === 'unsupported') body = <p>{t('notifications.push.unsupported')}</p>;
  else if (state === null || key.isPending) body = null;
  else if (publicKey === null) body = <p>{t('notifications.push.notSetUp')}</p>;
  else if (state === 'blocked') body = <p>{t('notifications.push.blocked')}</p>;
  else if (state === 'on')
    body = (
      <>
        <p role="status">{t('notifications.push.on')}</p>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void change(async () => {
              await turnPushOff();
              return pushState();
            })
          }
        >
          {t('notifications.push.turnOff')}
        </button>
      </>
    );
  else
    body = (
      <>
        <p role="status">{t('notifications.push.off')}</p>
        <button
          type="button"
          className="button"
          data-variant="primary"
          disabled={busy}
          onClick={() => void change(() => turnPushOn(publicKey))}
        >
          {t('notifications.push.turnOn')}
        </button>
      </>
    );

  return (
    <section className="push-device" aria-labelledby="push-device-heading">
      <h2 id="push-device-heading">{t('notifications.push.title')}</h2>
      {body}
      <FailureAlert error={failure} />
    </section>
  );
}
