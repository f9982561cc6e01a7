import { useRef, useState } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import type { Schemas } from '../../../../api/client';
import { useApiMutation } from '../../../../api/mutation';
import { useT } from '../../../../i18n/i18n';
import { ApiForm, SendButton, SubmitButton } from '../../../../ui/ApiForm';
import { FailureAlert } from '../../../../ui/FailureAlert';
import { useDebounced } from '../../../../lib/use-debounced';
import { insertAt } from './insert';
import { MessagePreview } from './MessagePreview';

/** How long typing must pause before a preview is asked for: one request per pause, never one per key. */
const PREVIEW_PAUSE_MS = 250;

type Language = 'en' | 'nl';
type Field = 'subject' | 'body';

/**
 * One message in one language: its subject (emails only) and body, a placeholder inserted where
 * the cursor was in the field last typed in, saved or reset to the default, and previewed as the
 * service renders it while one types. A refusal (an unknown placeholder, a brace left open) is
 * on its field and what was typed stays.
 */
export function MessageEditor({ message, language }: { message: Schemas['Message']; language: Language }) {
  const t = useT();
  const email = message.channel === 'email';
  const [stored, setStored] = useState(message.texts[language]);
  const [draft, setDraft] = useState({ subject: stored.subject ?? '', body: stored.body });
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');
  const path = { params: { path: { key: message.key, language } } };
  const take = (saved: Schemas['Message']) => {
    const text = saved.texts[language];
    setStored(text);
    setDraft({ subject: text.subject ?? '', body: text.body });
  };
  const save = useApiMutation('put', '/api/settings/messages/{key}/{language}', { onSuccess: take });
  const reset = useApiMutation('delete', '/api/settings/messages/{key}/{language}', { onSuccess: take });
  const settled = useDebounced(draft, PREVIEW_PAUSE_MS);
  const changed = draft.body !== stored.body || (email && draft.subject !== (stored.subject ?? ''));

  const set = (field: Field) => (value: string) => {
    if (save.isSuccess) save.reset();
    if (reset.isSuccess) reset.reset();
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const insert = (placeholder: string) => {
    const field = email ? lastField.current : 'body';
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const text = draft[field];
    const at = element?.selectionStart ?? text.length;
    const { value, cursor } = insertAt(text, `{${placeholder}}`, at, element?.selectionEnd ?? at);
    set(field)(value);
    // Back to the field, the cursor after what was inserted, once React has written the value.
    window.requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(cursor, cursor);
    });
  };
  const body = email ? { subject: draft.subject, body: draft.body } : { body: draft.body };

  return (
    <div className="messages-editor">
      <ApiForm
        sending={save}
        // A refusal must not hold the next press back as a browser check: the service decides again.
        validationBehavior="aria"
        className="form-group messages-form"
        onSubmit={() => {
          reset.reset();
          save.mutate({ ...path, body });
        }}
      >
        <p className="description">{message.description}</p>
        <p className="description" role="status">
          {stored.is_default ? t('manage.settings.messages.isDefault') : t('manage.settings.messages.isOwn')}
        </p>
        {email && (
          <TextField
            name="subject"
            className="field"
            value={draft.subject}
            onChange={set('subject')}
            onFocus={() => (lastField.current = 'subject')}
          >
            <Label>{t('manage.settings.messages.subject')}</Label>
            <Input ref={subjectRef} />
            <FieldError className="error" />
          </TextField>
        )}
        <TextField
          name="body"
          className="field"
          isRequired
          value={draft.body}
          onChange={set('body')}
          onFocus={() => (lastField.current = 'body')}
        >
          <Label>{t('manage.settings.messages.body')}</Label>
          <TextArea ref={bodyRef} rows={email ? 8 : 4} />
          <Text slot="description" className="description">
            {email ? t('manage.settings.messages.bodyHelp') : t('manage.settings.messages.smsHelp')}
          </Text>
          <FieldError className="error" />
        </TextField>
        <div className="messages-placeholders" role="group" aria-labelledby={`${message.key}-placeholders`}>
          <p id={`${message.key}-placeholders`} className="description">
            {t('manage.settings.messages.placeholders')}
          </p>
          <ul>
            {message.placeholders.map((placeholder) => (
              <li key={placeholder}>
                {/* A native button: pressing it must not take the cursor's place from the field first. */}
                <button
                  type="button"
                  className="messages-placeholder"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(placeholder)}
                >
                  {`{${placeholder}}`}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="actions">
          <SubmitButton sending={save} isDisabled={!changed && !save.isPending}>
            {t('manage.settings.save')}
          </SubmitButton>
          {!stored.is_default && (
            <SendButton
              variant="secondary"
              sending={reset}
              onSend={() => {
                save.reset();
                reset.mutate(path);
              }}
            >
              {t('manage.settings.messages.reset')}
            </SendButton>
          )}
          <p role="status" className={save.isSuccess || reset.isSuccess ? 'notice settings-saved' : 'settings-saved'}>
            {save.isSuccess
              ? t('manage.settings.saved')
              : reset.isSuccess
                ? t('manage.settings.messages.wasReset')
                : changed
                  ? t('manage.settings.unsaved')
                  : ''}
          </p>
        </div>
        <FailureAlert error={reset.error} />
      </ApiForm>
      <MessagePreview messageKey={message.key} language={language} draft={email ? settled : { body: settled.body }} />
    </div>
  );
}
