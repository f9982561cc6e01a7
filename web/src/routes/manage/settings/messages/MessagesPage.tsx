import { useId, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { $api, type Schemas } from '../../../../api/client';
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

/**
 * The client messages: one chosen at a time, in one language at a time, edited with its
 * placeholders and previewed by the service. The editor is keyed by message and language, so
 * switching starts from that text as stored (a draft not saved is left behind on purpose: the
 * status line says it is unsaved before one switches).
 */
export function MessagesPage() {
  const t = useT();
  const { language: pageLanguage } = useLanguage();
  const list = $api.useQuery('get', '/api/settings/messages');
  const [chosen, setChosen] = useState<string | null>(null);
  const [language, setLanguage] = useState<Language>(pageLanguage === 'nl' ? 'nl' : 'en');
  const name = useMessageName();
  const selectId = useId();
  if (list.isError) return <LoadError retry={() => void list.refetch()} />;
  if (!list.data) return <Loading />;
  const message = list.data.find((entry) => entry.key === chosen) ?? list.data[0];
  if (!message) return <p>{t('manage.settings.messages.none')}</p>;
  return (
    <>
      <div className="form-group messages-choice">
        <div className="field">
          <label htmlFor={selectId}>{t('manage.settings.messages.which')}</label>
          <select id={selectId} value={message.key} onChange={(event) => setChosen(event.target.value)}>
            {list.data.map((entry) => (
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
