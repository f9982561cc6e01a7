import { keepPreviousData } from '@tanstack/react-query';
import { useId } from 'react';
import { $api } from '../../../api/client';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { useListParams } from '../../../lib/use-search-params';
import { FailureAlert } from '../../../ui/FailureAlert';
import { LoadError, Loading, useTitle } from '../../../ui/PageStates';
import { Pagination } from '../../../ui/Pagination';
import { useRecordTime } from '../../../ui/RecordPage';
import { ApprovalSetting } from './ApprovalSetting';
import { ReviewCard } from './ReviewCard';
import { PAGE_SIZES, RATINGS, REVIEW_LIST, reviewQuery, STATES, type ReviewState } from './review-list';
import './reviews.css';

/**
 * /manage/reviews: what clients wrote about their visits, newest first, filtered by rating,
 * by whether the booking page shows them and by the day written (all kept in the address).
 * Each review is published or hidden with one button and answered with a reply; above the list,
 * whether a new review shows at once or waits for the salon's approval.
 */
export default function ReviewsScreens() {
  const t = useT();
  useTitle(t('manage.reviews.title'));
  const [list, change] = useListParams(REVIEW_LIST);
  const ids = { state: useId(), rating: useId(), from: useId(), to: useId(), toError: useId() };
  // The service refuses a range that ends before it starts; said on the field, nothing asked.
  const backwards = list.from !== '' && list.to !== '' && list.to < list.from;
  const reviews = $api.useQuery(
    'get',
    '/api/reviews',
    { params: { query: reviewQuery(list) } },
    { placeholderData: keepPreviousData, enabled: !backwards },
  );
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const page = reviews.data === undefined ? null : asPage(reviews.data);

  return (
    <>
      <h1>{t('manage.reviews.title')}</h1>
      <p>{t('manage.reviews.intro')}</p>
      <ApprovalSetting />
      <h2>{t('manage.reviews.list')}</h2>
      <div role="group" aria-label={t('manage.reviews.filters')} className="reviews-filters manage-form">
        <div className="field">
          <label htmlFor={ids.state}>{t('manage.reviews.filter.state')}</label>
          <select
            id={ids.state}
            value={list.state}
            onChange={(event) => change({ state: event.target.value as ReviewState })}
          >
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`manage.reviews.filter.state.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.rating}>{t('manage.reviews.filter.rating')}</label>
          <select
            id={ids.rating}
            value={list.rating}
            onChange={(event) => change({ rating: event.target.value as (typeof RATINGS)[number] })}
          >
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {rating === '' ? t('manage.reviews.filter.anyRating') : t('manage.reviews.filter.stars', { rating })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.from}>{t('manage.reviews.filter.from')}</label>
          <input
            id={ids.from}
            type="date"
            value={list.from}
            onChange={(event) => change({ from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>{t('manage.reviews.filter.to')}</label>
          <input
            id={ids.to}
            type="date"
            value={list.to}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? ids.toError : undefined}
            onChange={(event) => change({ to: event.target.value })}
          />
          {backwards && (
            <p id={ids.toError} className="error">
              {t('manage.reviews.filter.backwards')}
            </p>
          )}
        </div>
      </div>
      {backwards ? null : page === null ? (
        reviews.isError ? (
          <>
            <FailureAlert error={reviews.error} />
            <LoadError retry={() => void reviews.refetch()} />
          </>
        ) : (
          <Loading />
        )
      ) : (
        <>
          <p role="status" className="manage-announce">
            {t('manage.reviews.count', { count: page.total })}
          </p>
          {page.data.length === 0 ? (
            <p>{t('manage.reviews.empty')}</p>
          ) : (
            <div className="reviews-list" aria-busy={reviews.isPlaceholderData || undefined}>
              {page.data.map((review) => (
                <ReviewCard key={review.id} review={review} when={when} />
              ))}
            </div>
          )}
          <Pagination
            page={list.page}
            pageSize={list.size}
            total={page.total}
            pageSizes={PAGE_SIZES}
            label={t('manage.reviews.pages')}
            onPageChange={(next) => change({ page: next })}
            onPageSizeChange={(size) => change({ size: size as (typeof PAGE_SIZES)[number] })}
          />
        </>
      )}
    </>
  );
}
