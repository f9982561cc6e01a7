import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { Button } from '../../../ui/Button';
import { fieldErrors } from '../../../ui/failure';
import { useFailureText } from '../../../ui/FailureAlert';
import { TextField } from '../../../ui/TextField';
import {
  GENDERS,
  NUMBER_FILTERS,
  toFilterDraft,
  toFilters,
  type FilterDraft,
  type SegmentFilters,
} from './segment-filters';
import { SaveSegmentDialog } from './SaveSegmentDialog';
import { useDebounced } from '../../../lib/use-debounced';

/** How long the filters' typing pauses before the count is asked again. */
const COUNT_PAUSE_MS = 300;

/**
 * Who receives the campaign: filters combined with AND, with the live count of the clients a
 * send would reach now (the service's own query: an email, consent, not unsubscribed). A saved
 * segment's filters are loaded into the form; the form's filters are saved as a segment.
 */
export function Audience({
  draft,
  onChange,
  saveError,
}: {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  /** The campaign's save refusal: its `segment_filters.*` fields shown on the filters. */
  saveError: unknown;
}) {
  const t = useT();
  const failureText = useFailureText();
  const headingId = useId();
  const segmentId = useId();
  const categoryId = useId();
  const genderId = useId();
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const segments = $api.useQuery('get', '/api/campaigns/segments');
  const categories = $api.useQuery('get', '/api/services/categories');
  const filters = useDebounced(JSON.stringify(toFilters(draft)), COUNT_PAUSE_MS);
  const count = $api.useQuery(
    'post',
    '/api/campaigns/segments/preview',
    { body: { filters: JSON.parse(filters) as SegmentFilters, limit: 1 } },
    { placeholderData: keepPreviousData, staleTime: 0, retry: false },
  );
  const errors = Object.fromEntries(
    [...Object.entries(fieldErrors(saveError)), ...Object.entries(fieldErrors(count.error))]
      .filter(([field]) => field.startsWith('segment_filters.') || field.startsWith('filters.'))
      .map(([field, message]) => [field.replace(/^(segment_)?filters\./, ''), message]),
  );
  const number = (name: (typeof NUMBER_FILTERS)[number]) => (
    <TextField
      key={name}
      name={name}
      label={t(`manage.campaigns.filter.${name}`)}
      inputMode="decimal"
      value={draft.numbers[name]}
      onChange={(value) => onChange({ ...draft, numbers: { ...draft.numbers, [name]: value } })}
    />
  );

  return (
    <section aria-labelledby={headingId} className="campaign-audience">
      <h2 id={headingId}>{t('manage.campaigns.audience')}</h2>
      <p role="status" className="campaign-count">
        {count.isError
          ? failureText(count.error)
          : count.data
            ? t('manage.campaigns.count', { count: count.data.count })
            : t('app.loading')}
      </p>
      <div className="campaign-segment-load">
        <div className="field">
          <label htmlFor={segmentId}>{t('manage.campaigns.savedSegment')}</label>
          <select id={segmentId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('manage.campaigns.chooseSegment')}</option>
            {(segments.data ?? []).map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          isDisabled={chosen === ''}
          onPress={() => {
            const segment = segments.data?.find((item) => String(item.id) === chosen);
            if (segment) onChange(toFilterDraft(segment.filters));
          }}
        >
          {t('manage.campaigns.loadSegment')}
        </Button>
      </div>
      <Form
        validationErrors={errors}
        onSubmit={(event) => event.preventDefault()}
        className="campaign-filters"
        aria-label={t('manage.campaigns.filters')}
      >
        <TextField
          name="labels"
          label={t('manage.campaigns.filter.labels')}
          description={t('manage.campaigns.filter.labelsHelp')}
          value={draft.labels}
          onChange={(labels) => onChange({ ...draft, labels })}
        />
        {NUMBER_FILTERS.map(number)}
        <div className="field">
          <label htmlFor={categoryId}>{t('manage.campaigns.filter.service_category_id')}</label>
          <select
            id={categoryId}
            name="service_category_id"
            value={draft.service_category_id}
            onChange={(event) => onChange({ ...draft, service_category_id: event.target.value })}
          >
            <option value="">{t('manage.campaigns.filter.any')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={genderId}>{t('manage.campaigns.filter.gender')}</label>
          <select
            id={genderId}
            name="gender"
            value={draft.gender}
            onChange={(event) => onChange({ ...draft, gender: event.target.value })}
          >
            <option value="">{t('manage.campaigns.filter.any')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`manage.campaigns.gender.${gender}`)}
              </option>
            ))}
          </select>
        </div>
      </Form>
      <Button variant="secondary" onPress={() => setSaving(true)}>
        {t('manage.campaigns.saveSegment')}
      </Button>
      <SaveSegmentDialog isOpen={saving} onClose={() => setSaving(false)} filters={toFilters(draft)} />
    </section>
  );
}
