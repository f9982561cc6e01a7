import { useId, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useLocation } from 'wouter';
import { $api, type Schemas } from '../../../../api/client';
import { errorStatus } from '../../../../api/errors';
import { useLanguage, useT, type MessageKey } from '../../../../i18n/i18n';
import { Loading, LoadError } from '../../../../ui/PageStates';
import { MessageEditor } from './MessageEditor';
import './messages.css';

type Language = 'en' | 'nl';
const LANGUAGES: readonly Language[] = ['en', 'nl'];

/** A message's name in the page's language; a message the catalogue does not know yet by its key. */
export function useMessageName(): (message: Schemas['Message']) => string {
  const t = useT();
  return (message) => {
    const key = `manage.settings.messages.name.${message.key}` as MessageKey;
    const name = t(key);
    return name === key ? message.key : name;
  };
}

/** A message's own address: below the messages' page, one segment per message key. */
export const messageHref = (messagesHref: string, key: string) => `${messagesHref}/${encodeURIComponent(key)}`;

/**
 * The client messages: one chosen at a time, in one language at a time, edited with its
 * placeholders and previewed by the service. Each message has its own address
 * (`/manage/settings/messages/<key>`), where it is read by its key, so a reload or a shared link
 * opens that message; the messages' page itself opens the first. The editor is keyed by message
 * and language, so switching starts from that text as stored (a draft not saved is left behind on
 * purpose: the status line says it is unsaved before one switches).
 */
export function MessagesPage({ messagesHref, messageKey }: { messagesHref: string; messageKey?: string }) {
  const t = useT();
  const list = $api.useQuery('get', '/api/settings/messages');
  const one = $api.useQuery(
    'get',
    '/api/settings/messages/{key}',
    { params: { path: { key: messageKey ?? '' } } },
    { enabled: messageKey !== undefined },
  );
  const [, navigate] = useLocation();
  if (list.isError) return <LoadError retry={() => void list.refetch()} />;
  if (messageKey !== undefined && one.isError) {
    if (errorStatus(one.error) === 404) return <p>{t('manage.settings.messages.unknown')}</p>;
    return <LoadError retry={() => void one.refetch()} />;
  }
  if (!list.data || (messageKey !== undefined && !one.data)) return <Loading />;
  const message = one.data ?? list.data[0];
  if (!message) return <p>{t('manage.settings.messages.none')}</p>;
  return (
    <MessageChoice
      list={list.data}
      message={message}
      choose={(key) => navigate(messageHref(messagesHref, key), { replace: messageKey === undefined })}
    />
  );
}

function MessageChoice({
  list,
  message,
  choose,
}: {
  list: readonly Schemas['Message'][];
  message: Schemas['Message'];
  choose: (key: string) => void;
}) {
  const t = useT();
  const { language: pageLanguage } = useLanguage();
  const [language, setLanguage] = useState<Language>(pageLanguage === 'nl' ? 'nl' : 'en');
  const name = useMessageName();
  const selectId = useId();
  return (
    <>
      <div className="form-group messages-choice">
        <div className="field">
          <label htmlFor={selectId}>{t('manage.settings.messages.which')}</label>
          <select id={selectId} value={message.key} onChange={(event) => choose(event.target.value)}>
            {list.map((entry) => (
              <option key={entry.key} value={entry.key}>
                {name(entry)}
                {entry.channel === 'sms' ? ` (${t('manage.settings.messages.sms')})` : ''}
              </option>
            ))}
          </select>
        </div>
        <RadioGroup
          className="field"
          orientation="horizontal"
          value={language}
          onChange={(value) => setLanguage(value as Language)}
        >
          <Label>{t('manage.settings.messages.language')}</Label>
          <div className="radio-list">
            {LANGUAGES.map((code) => (
              <Radio key={code} value={code} className="radio">
                {t(`manage.settings.option.language.${code}` as MessageKey)}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      </div>
      <MessageEditor key={`${message.key}/${language}`} message={message} language={language} />
    </>
  );
}
