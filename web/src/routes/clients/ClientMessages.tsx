import { $api, type Schemas } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { Loading, LoadError } from '../../ui/PageStates';
import { formatVisit } from './dates';

type Salon = Schemas['PublicSalonPage'];

/** The messages a card lists: the newest this many. */
const MESSAGES_SHOWN = 20;

/**
 * The emails and text messages sent to the client (GET /api/clients/:id/messages), newest
 * first: when, which channel, what (an email's subject, a text's words unless they carry a
 * secret) and whether it went out. What the desk needs to answer "did you send me …?".
 */
export function ClientMessages({ clientId, salon }: { clientId: number; salon: Salon }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const messages = $api.useQuery('get', '/api/clients/{id}/messages', {
    params: { path: { id: clientId }, query: { limit: MESSAGES_SHOWN } },
  });

  const body = () => {
    if (messages.isError) return <LoadError retry={() => void messages.refetch()} />;
    if (!messages.data) return <Loading />;
    if (messages.data.length === 0) return <p>{t('clients.messages.none')}</p>;
    return (
      <ul className="client-visits">
        {messages.data.map((message) => (
          <li key={`${message.channel}-${message.id}`} className="client-visit">
            <span className="client-visit-when">
              {formatVisit(message.created_at, locale, salon.timezone, salon.time_format)}
            </span>
            <span>
              {t('clients.messages.channel', { channel: message.channel })}
              {': '}
              {message.text ?? t('clients.messages.hidden')}
            </span>
            <span className="client-visit-status">{t('clients.messages.status', { status: message.status })}</span>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className="client-section" aria-labelledby="client-messages">
      <h2 id="client-messages">{t('clients.messages.title')}</h2>
      {body()}
    </section>
  );
}
