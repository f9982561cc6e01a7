import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
// The office's addresses, shared with the service (which pages it serves) and its notifications' links.
import { officeHref } from '../../../../../src/lib/office-paths';
import { $api, type Schemas } from '../../../api/client';
import { errorStatus } from '../../../api/errors';
import { asPage } from '../../../api/pages';
import { useT } from '../../../i18n/i18n';
import { useListParams } from '../../../lib/use-search-params';
import { Button } from '../../../ui/Button';
import { ListTable } from '../../../ui/ListTable';
import { useFoldedColumns, type FoldingColumn } from '../narrow-columns';
import { LoadError, Loading, useTitle } from '../../../ui/PageStates';
import { TextField } from '../../../ui/TextField';
import { GiftCardDetails } from './GiftCardDetails';
import { IssueGiftCardDialog } from './IssueGiftCardDialog';
import { OFFER_LIST, PAGE_SIZES, pageOf } from './offer-list';
import { useDayText, useSalon } from './salon';

type GiftCard = Schemas['GiftCard'];

/**
 * /manage/offers/gift-cards: a card looked up by its code (typed, or scanned: a scanner types
 * the code and Enter), with its balance and history; below, every card newest first, page by
 * page, a row opening the card's own page (/manage/offers/gift-cards/:id, where it is changed
 * or deleted). "Issue a gift card" makes one without a sale at the till and opens its page. The
 * service ignores case, spaces and dashes in a code.
 */
export function GiftCardsPage() {
  const t = useT();
  useTitle(t('manage.offers.giftCards.title'));
  const [list, change] = useListParams(OFFER_LIST);
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [, navigate] = useLocation();
  const cards = $api.useQuery(
    'get',
    '/api/giftcards',
    { params: { query: pageOf(list) } },
    { placeholderData: keepPreviousData },
  );
  const found = $api.useQuery(
    'get',
    '/api/giftcards/code/{code}',
    { params: { path: { code } } },
    { enabled: code !== '', retry: false },
  );
  const { money } = useSalon();
  const day = useDayText();
  const page = cards.data === undefined ? null : asPage(cards.data);
  // Said while the box still holds the code looked up: typing another takes the message away at
  // once, not when the box loses focus (on a phone the button below would move under the finger).
  const missing = code !== '' && typed.trim() === code && found.isError && errorStatus(found.error) === 404;

  const allColumns = useMemo<FoldingColumn<GiftCard>[]>(
    () => [
      { id: 'code', name: t('manage.offers.giftCards.code'), isRowHeader: true, cell: (card) => card.code },
      { id: 'balance', name: t('manage.offers.giftCards.balance'), cell: (card) => money(card.balance) },
      { id: 'value', wide: true, name: t('manage.offers.giftCards.value'), cell: (card) => money(card.initial_value) },
      {
        id: 'expires',
        wide: true,
        name: t('manage.offers.giftCards.expires'),
        cell: (card) => (card.expires_on ? day(card.expires_on) : t('manage.offers.giftCards.never')),
      },
      {
        id: 'state',
        name: t('manage.offers.state'),
        cell: (card) => (card.active ? t('manage.offers.active') : t('manage.offers.inactive')),
      },
    ],
    [t, money, day],
  );
  const columns = useFoldedColumns(allColumns);

  return (
    <>
      <div className="offers-heading">
        <h1>{t('manage.offers.giftCards.title')}</h1>
        <Button onPress={() => setIssuing(true)}>{t('manage.offers.giftCards.issue')}</Button>
      </div>
      <IssueGiftCardDialog
        isOpen={issuing}
        onOpenChange={setIssuing}
        onIssued={(card) => navigate(officeHref.manageGiftCard(card.id))}
      />
      <Form
        role="search"
        className="offers-lookup"
        // The service's "no such card" must not hold the next code back: said, never a browser check.
        validationBehavior="aria"
        validationErrors={missing ? { code: t('manage.offers.giftCards.notFound') } : {}}
        onSubmit={(event) => {
          event.preventDefault();
          const next = typed.trim();
          if (next === '') return;
          setCode(next);
          if (next === code) void found.refetch();
        }}
      >
        <TextField
          label={t('manage.offers.giftCards.lookup')}
          description={t('manage.offers.giftCards.lookupHelp')}
          name="code"
          value={typed}
          onChange={setTyped}
          isRequired
          maxLength={64}
          autoComplete="off"
        />
        <Button type="submit">{t('manage.offers.giftCards.find')}</Button>
      </Form>
      {code !== '' && !(found.isError && errorStatus(found.error) === 404) && (
        <section
          className="offers-card"
          aria-label={t('manage.offers.giftCards.card', { code: found.data?.code ?? code })}
        >
          {found.data ? (
            <>
              <GiftCardDetails card={found.data} />
              <p>
                <Link href={officeHref.manageGiftCard(found.data.id)}>
                  {t('manage.offers.giftCards.open', { code: found.data.code })}
                </Link>
              </p>
            </>
          ) : found.isError ? (
            <LoadError retry={() => void found.refetch()} />
          ) : (
            <Loading />
          )}
        </section>
      )}
      <h2>{t('manage.offers.giftCards.all')}</h2>
      <ListTable<GiftCard>
        label={t('manage.offers.giftCards.all')}
        columns={columns}
        rowKey={(card) => card.id}
        status={page !== null ? 'success' : cards.isError ? 'error' : 'pending'}
        rows={page?.data ?? []}
        total={page?.total ?? 0}
        isRefreshing={cards.isPlaceholderData}
        onRetry={() => void cards.refetch()}
        emptyText={t('manage.offers.giftCards.empty')}
        sort={list.sort}
        onSortChange={() => undefined}
        page={list.page}
        pageSize={list.size}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => change({ page: next })}
        onPageSizeChange={(size) => change({ size })}
        onRowAction={(key) => navigate(officeHref.manageGiftCard(Number(key)))}
      />
    </>
  );
}
