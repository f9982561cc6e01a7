import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { $api, type Schemas } from '../../../api/client';
import { useApiMutation } from '../../../api/mutation';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { param } from '../../../lib/search-params';
import { useListParams } from '../../../lib/use-search-params';
import { SendButton } from '../../../ui/ApiForm';
import { FailureAlert, type PageWords } from '../../../ui/FailureAlert';
import { LoadError, Loading, useTitle } from '../../../ui/PageStates';
import { Pagination } from '../../../ui/Pagination';
import { useRecordTime } from '../../../ui/RecordPage';

type Job = Schemas['Job'];

const PAGE_SIZES = [25, 50, 100] as const;
/** The statuses the filter offers, '' for all; "waiting" is the API's `queued`. */
const STATUSES = ['', 'queued', 'running', 'failed', 'dead', 'done'] as const;
type StatusFilter = (typeof STATUSES)[number];
const JOB_LIST = {
  status: param.oneOf(STATUSES, { default: '' }),
  size: param.oneOf(PAGE_SIZES, { default: PAGE_SIZES[0] }),
  page: param.integer({ default: 1, min: 1, history: 'push' }),
};

/** A retry the service refuses, said as its rule. */
const WORDS: PageWords = {
  codes: {
    job_not_failed: 'manage.system.jobs.refused.notFailed',
    job_already_queued: 'manage.system.jobs.refused.alreadyQueued',
  },
};

/** A job that failed and can run again: waiting for its next attempt, or out of attempts. */
const retriable = (job: Job) => job.status === 'failed' || job.status === 'dead';

/**
 * /manage/system/jobs: the background queue, newest first, filtered by status. A failed job
 * shows why, and a button runs it again now (one more attempt for a job that gave up). A plain
 * table rather than ListTable: each row holds a button, and a row is not opened.
 */
export function JobsPage() {
  const t = useT();
  useTitle(t('manage.system.jobs.title'));
  const [list, change] = useListParams(JOB_LIST);
  const statusId = useId();
  const jobs = $api.useQuery(
    'get',
    '/api/system/jobs',
    {
      params: {
        query: { page: list.page, limit: list.size, ...(list.status === '' ? {} : { status: list.status }) },
      },
    },
    { placeholderData: keepPreviousData },
  );
  const salon = $api.useQuery('get', '/api/public/salon-page');
  const when = useRecordTime(salon.data);
  const page = jobs.data === undefined ? null : asPage(jobs.data);
  const retry = useApiMutation('post', '/api/system/jobs/{id}/retry');
  const [said, setSaid] = useState('');

  return (
    <>
      <h1>{t('manage.system.jobs.title')}</h1>
      <p>{t('manage.system.jobs.intro')}</p>
      <div className="field system-filter manage-form">
        <label htmlFor={statusId}>{t('manage.system.jobs.filter')}</label>
        <select
          id={statusId}
          value={list.status}
          onChange={(event) => change({ status: event.target.value as StatusFilter })}
        >
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`manage.system.jobs.status.${status || 'all'}`)}
            </option>
          ))}
        </select>
      </div>
      <p role="status" className="manage-announce">
        {said}
      </p>
      <FailureAlert error={retry.error} words={WORDS} />
      {page === null ? (
        jobs.isError ? (
          <LoadError retry={() => void jobs.refetch()} />
        ) : (
          <Loading />
        )
      ) : page.data.length === 0 ? (
        <p>{t('manage.system.jobs.empty')}</p>
      ) : (
        <div className="system-table-box">
          <table className="system-table" aria-busy={jobs.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{t('manage.system.jobs.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('manage.system.jobs.column.job')}</th>
                <th scope="col">{t('manage.system.jobs.column.status')}</th>
                <th scope="col">{t('manage.system.jobs.column.attempts')}</th>
                <th scope="col">{t('manage.system.jobs.column.runAt')}</th>
                <th scope="col">{t('manage.system.jobs.column.error')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('manage.system.jobs.column.action')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((job) => (
                <tr key={job.id}>
                  <th scope="row">
                    {job.name} <span className="system-id">#{job.id}</span>
                  </th>
                  <td>{t(`manage.system.jobs.status.${job.status}`)}</td>
                  <td>{job.attempts}</td>
                  <td>{when(job.run_at)}</td>
                  <td className="system-error">{job.last_error ?? ''}</td>
                  <td>
                    {retriable(job) && (
                      <SendButton
                        sending={{ isPending: retry.isPending, error: retry.error }}
                        variant="secondary"
                        onSend={() => {
                          setSaid('');
                          retry.mutate(
                            { params: { path: { id: job.id } } },
                            {
                              onSuccess: () => setSaid(t('manage.system.jobs.retried', { name: job.name, id: job.id })),
                            },
                          );
                        }}
                      >
                        <span aria-hidden="true">{t('manage.system.jobs.retry')}</span>
                        <span className="visually-hidden">
                          {t('manage.system.jobs.retryName', { name: job.name, id: job.id })}
                        </span>
                      </SendButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page !== null && (
        <Pagination
          page={list.page}
          pageSize={list.size}
          total={page.total}
          pageSizes={PAGE_SIZES}
          label={t('manage.system.jobs.pages')}
          onPageChange={(next) => change({ page: next })}
          onPageSizeChange={(size) => change({ size: size as (typeof PAGE_SIZES)[number] })}
        />
      )}
    </>
  );
}
