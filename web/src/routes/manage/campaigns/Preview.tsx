import { keepPreviousData } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
// The email's MJML, shared with the service: the preview is the email as the worker sends it.
import { blocksToMjml, fillMergeTags, type MergeValues } from '../../../../../src/lib/campaign-mjml';
import { $api } from '../../../api/client';
import { useT } from '../../../i18n/i18n';
import { detailMessages } from '../../../ui/failure';
import { useFailureText } from '../../../ui/FailureAlert';
import { toBlock, type DraftBlock } from './block-drafts';
import { useDebounced } from '../../../lib/use-debounced';

/**
 * How long typing pauses before the preview is asked for: short enough that the preview
 * follows the typing within 300 ms (the service renders in a few ms), long enough that a word
 * typed is one request, not one per key.
 */
export const PREVIEW_PAUSE_MS = 150;

type Width = 'desktop' | 'phone';

/**
 * The email as a recipient sees it, rendered by the service (POST /campaigns/render-mjml) from
 * the blocks as they are being edited, with an example client's name in the merge tags. Shown
 * in a sandboxed frame (`sandbox` with no permission: no script runs, no form is sent, the
 * email cannot reach the office's page) at a desktop's or a phone's width. What the service
 * cannot render (a colour typed half) is said in the frame's place, with the service's words.
 */
export function Preview({ blocks, subject }: { blocks: readonly DraftBlock[]; subject: string }) {
  const t = useT();
  const failureText = useFailureText();
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const [width, setWidth] = useState<Width>('desktop');
  const headingId = useId();
  const s = salon.data;
  const values: MergeValues = useMemo(
    () => ({
      client_first_name: t('manage.campaigns.example.firstName'),
      client_name: t('manage.campaigns.example.name'),
      salon_name: s?.salon_name ?? '',
    }),
    [t, s?.salon_name],
  );
  const mjml = useMemo(() => {
    const place = [s?.salon_postcode, s?.salon_city].filter(Boolean).join(' ');
    return blocksToMjml(blocks.map(toBlock), {
      values,
      salonName: s?.salon_name ?? '',
      footerLines: [[s?.salon_address, place].filter(Boolean).join(', '), s?.salon_phone ?? ''].filter(Boolean),
      unsubscribeUrl: '#',
      unsubscribeLabel: t('manage.campaigns.preview.unsubscribe'),
      title: subject,
    });
  }, [blocks, subject, values, s, t]);
  const settled = useDebounced(mjml, PREVIEW_PAUSE_MS);
  const render = $api.useQuery(
    'post',
    '/api/campaigns/render-mjml',
    { body: { mjml: settled } },
    { enabled: salon.data !== undefined, placeholderData: keepPreviousData, staleTime: Infinity, retry: false },
  );
  const problems = detailMessages(render.error);
  return (
    <section aria-labelledby={headingId} className="campaign-preview">
      <h2 id={headingId}>{t('manage.campaigns.preview.title')}</h2>
      <RadioGroup
        value={width}
        onChange={(value) => setWidth(value as Width)}
        orientation="horizontal"
        className="campaign-preview-widths"
        aria-label={t('manage.campaigns.preview.width')}
      >
        <Radio value="desktop" className="campaign-width">
          {t('manage.campaigns.preview.desktop')}
        </Radio>
        <Radio value="phone" className="campaign-width">
          {t('manage.campaigns.preview.phone')}
        </Radio>
      </RadioGroup>
      <p className="campaign-preview-subject">
        <span className="ordered-meta">{t('manage.campaigns.subject')}: </span>
        {fillMergeTags(subject, values)}
      </p>
      <p className="ordered-meta">{t('manage.campaigns.preview.example')}</p>
      <div className="campaign-preview-stage" data-width={width} aria-busy={render.isFetching}>
        {render.isError ? (
          <div role="alert" className="campaign-preview-error">
            <p>
              <strong>{t('manage.campaigns.preview.failed')}</strong>
            </p>
            {problems.length > 0 ? (
              <ul>
                {problems.map((problem, index) => (
                  <li key={index}>{problem}</li>
                ))}
              </ul>
            ) : (
              <p>{failureText(render.error)}</p>
            )}
          </div>
        ) : render.data ? (
          <iframe
            title={t('manage.campaigns.preview.frame', { width: t(`manage.campaigns.preview.${width}`) })}
            sandbox=""
            srcDoc={render.data.html}
            className="campaign-preview-frame"
            data-width={width}
          />
        ) : (
          <p className="campaign-preview-wait">{t('app.loading')}</p>
        )}
      </div>
    </section>
  );
}
