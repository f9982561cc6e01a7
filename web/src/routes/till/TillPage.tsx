import { keepPreviousData } from '@tanstack/react-query';
import { Fragment, useEffect, useReducer, useRef, useState } from 'react';
import { FormValidationContext } from 'react-aria-components';
import { Link, useSearch } from 'wouter';
import { $api, api, unwrap, type Schemas } from '../../api/client';
import { ConnectionError } from '../../api/errors';
import { useApiMutation, useChange } from '../../api/mutation';
import { asPage } from '../../api/pages';
import { useSession } from '../../api/session';
import { useT } from '../../i18n/i18n';
import { randomKey } from '../../lib/random';
import { SendButton } from '../../ui/ApiForm';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/FailureAlert';
import { fieldErrors } from '../../ui/failure';
import { useTitle } from '../../ui/PageStates';
import { useMoney } from '../../ui/RecordPage';
import { TextField } from '../../ui/TextField';
import {
  cartReducer,
  EMPTY_CART,
  lineKey,
  linesSum,
  orderBody,
  splitGuide,
  toCollect,
  typedAmount,
  type Cart,
  type Extras,
} from './cart';
import { Favourites, useAddFavourite } from './Favourites';
import { ItemSearch } from './ItemSearch';
import { PackageCredit } from './PackageCredit';
import { TILL_WORDS } from './refusals';
import './till.css';

type Order = Schemas['PosOrder'];

const NO_EXTRAS: Extras = { discountCode: '', giftCardCode: '', loyaltyPoints: '', method: 'cash' };

/**
 * /till: ring up a sale. Items from the favourites or the search (a scanned barcode adds its
 * product), the client, who served, a discount code, a gift card, loyalty points, and the
 * payment: cash (with the change to give), the card terminal (its status followed live) or
 * online (a payment link), or split: part cash and the rest by card or online (the rest and the
 * change shown as typed); a gift card pays its part first and the method the rest. Opened as
 * `/till?booking=<id>` (the calendar's "Check out"), it brings the booking's (visit's) services
 * and staff in; the service deducts a deposit paid online. Each checkout is sent with an
 * Idempotency-Key kept across retries after a lost answer, so it is never taken twice; a
 * refusal keeps the cart as it was.
 */
export function TillPage() {
  const t = useT();
  useTitle(t('till.title'));
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const me = $api.useQuery('get', '/api/auth/me');
  const info = $api.useQuery('get', '/api/public/salon-info');
  const money = useMoney(info.data?.currency);
  const [cart, dispatch] = useReducer(cartReducer, EMPTY_CART);
  const [extras, setExtras] = useState(NO_EXTRAS);
  const [received, setReceived] = useState('');
  // A split payment: part of a card or online sale paid in cash (the cash part as typed).
  const [split, setSplit] = useState(false);
  const [cashPart, setCashPart] = useState('');
  const [paidOrder, setPaidOrder] = useState<{ id: number; received: number | null } | null>(null);
  const favourites = useAddFavourite();
  useBookingCheckout(dispatch);

  const key = useRef(randomKey());
  const pay = useChange<Order, ReturnType<typeof orderBody>>(['post', '/api/pos'], {
    mutationFn: (body) => unwrap(api.POST('/api/pos', { headers: { 'Idempotency-Key': key.current }, body })),
    // The same key after a lost answer (the retry is the same checkout); a fresh one after any answer.
    onSettled: (_data, error) => {
      if (!(error instanceof ConnectionError)) key.current = randomKey();
    },
    onSuccess: (order) => {
      const paysCash = order.payment_method === 'cash' || order.cash_amount > 0;
      setPaidOrder({ id: order.id, received: paysCash ? typedAmount(received) : null });
    },
  });

  if (paidOrder) {
    return (
      <Outcome
        isAdmin={user?.role === 'admin'}
        orderId={paidOrder.id}
        received={paidOrder.received}
        money={money}
        onNext={() => {
          setPaidOrder(null);
          dispatch({ kind: 'clear' });
          setExtras(NO_EXTRAS);
          setReceived('');
          setSplit(false);
          setCashPart('');
          pay.reset();
          if (window.location.search) window.history.replaceState(null, '', '/till');
        }}
      />
    );
  }

  const staffId = cart.staffId ?? user?.id ?? 0;
  // An admin always may; staff while the setting allows it (the service refuses otherwise).
  const canChangePrice = me.data?.can_change_prices ?? user?.role === 'admin';
  const sum = linesSum(cart);
  const ready = cart.client !== null && (cart.lines.length > 0 || cart.giftCards.length > 0);
  const splitting = split && extras.method !== 'cash';
  const guide = splitGuide(sum, cart.booking?.deposit ?? 0, typedAmount(cashPart), typedAmount(received));
  return (
    <>
      <h1>{t('till.title')}</h1>
      <div className="till">
        <div className="till-pick">
          <ItemSearch
            money={money}
            favourites={favourites.keys}
            onAdd={(item) => dispatch({ kind: 'add', item })}
            onFavourite={(item) => favourites.add(item)}
          />
          <Favourites money={money} onAdd={(item) => dispatch({ kind: 'add', item })} />
          <GiftCardSaleForm onAdd={(amount, email) => dispatch({ kind: 'giftCard', amount, email })} />
        </div>
        <section className="till-cart" aria-labelledby="till-cart-heading">
          <h2 id="till-cart-heading">{t('till.cart.heading')}</h2>
          {cart.booking && (
            <p className="notice">
              {t('till.cart.booking', { id: cart.booking.id })}
              {cart.booking.deposit > 0 && ` ${t('till.cart.deposit', { amount: money(cart.booking.deposit) })}`}
            </p>
          )}
          {cart.lines.length === 0 && cart.giftCards.length === 0 ? (
            <p>{t('till.cart.empty')}</p>
          ) : (
            <ul className="till-lines" aria-label={t('till.cart.lines')}>
              {cart.lines.map((line) => (
                <li key={line.key} className="till-line">
                  <span className="till-line-name">
                    {line.name} <span className="till-line-type">({t(`till.type.${line.type}`)})</span>
                  </span>
                  <TextField
                    label={t('till.cart.quantity', { name: line.name })}
                    type="number"
                    inputMode="numeric"
                    value={String(line.quantity)}
                    onChange={(value) => dispatch({ kind: 'quantity', key: line.key, quantity: Number(value) || 1 })}
                  />
                  {canChangePrice ? (
                    <TextField
                      label={t('till.cart.price', { name: line.name })}
                      inputMode="decimal"
                      defaultValue={String(line.price ?? line.listPrice)}
                      onChange={(value) => {
                        const price = Number(value.replace(',', '.'));
                        dispatch({
                          kind: 'price',
                          key: line.key,
                          price: value.trim() === '' || !Number.isFinite(price) || price < 0 ? null : price,
                        });
                      }}
                    />
                  ) : (
                    <span className="till-line-price">{money(line.listPrice)}</span>
                  )}
                  {line.type === 'service' && cart.client && (
                    <PackageCredit
                      clientId={cart.client.id}
                      serviceId={line.id}
                      name={line.name}
                      checked={line.useCredit}
                      onChange={(useCredit) => dispatch({ kind: 'credit', key: line.key, useCredit })}
                    />
                  )}
                  <LineStaff
                    lineKey={line.key}
                    name={line.name}
                    staffId={line.staffId}
                    onChange={(id) => dispatch({ kind: 'lineStaff', key: line.key, staffId: id })}
                  />
                  <Button
                    variant="secondary"
                    onPress={() => dispatch({ kind: 'remove', key: line.key })}
                    aria-label={t('till.cart.remove', { name: line.name })}
                  >
                    ✕
                  </Button>
                </li>
              ))}
              {cart.giftCards.map((card) => (
                <li key={card.key} className="till-line">
                  <span className="till-line-name">
                    {t('till.giftCards.line', { amount: money(card.amount), email: card.email || '—' })}
                  </span>
                  <Button
                    variant="secondary"
                    onPress={() => dispatch({ kind: 'removeGiftCard', key: card.key })}
                    aria-label={t('till.giftCards.remove', { amount: money(card.amount) })}
                  >
                    ✕
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <p className="till-sum">{t('till.cart.sum', { amount: money(sum) })}</p>
          <ClientPicker client={cart.client} onChange={(client) => dispatch({ kind: 'client', client })} />
          <StaffPicker staffId={staffId} onChange={(id) => dispatch({ kind: 'staff', staffId: id })} />
          <div className="till-extras">
            <TextField
              label={t('till.extras.discount')}
              value={extras.discountCode}
              onChange={(discountCode) => setExtras({ ...extras, discountCode })}
              maxLength={64}
              autoComplete="off"
            />
            <TextField
              label={t('till.extras.giftCard')}
              description={t('till.extras.giftCardHelp')}
              value={extras.giftCardCode}
              onChange={(giftCardCode) => setExtras({ ...extras, giftCardCode })}
              maxLength={64}
              autoComplete="off"
            />
            <TextField
              label={t('till.extras.points')}
              description={t('till.extras.pointsHelp')}
              inputMode="numeric"
              value={extras.loyaltyPoints}
              onChange={(loyaltyPoints) => setExtras({ ...extras, loyaltyPoints })}
              autoComplete="off"
            />
          </div>
          <fieldset className="till-methods">
            <legend>{t('till.pay.method')}</legend>
            {(['cash', 'card', 'online'] as const).map((method) => (
              <label key={method}>
                <input
                  type="radio"
                  name="method"
                  value={method}
                  checked={extras.method === method}
                  onChange={() => setExtras({ ...extras, method })}
                />{' '}
                {t(`till.pay.${method}`)}
              </label>
            ))}
          </fieldset>
          {/* The service's refusal of a field (cash_amount, cash_tendered) shows on that field. */}
          <FormValidationContext.Provider value={fieldErrors(pay.error)}>
            {extras.method !== 'cash' && (
              <div className="till-split">
                <label>
                  <input type="checkbox" checked={split} onChange={(event) => setSplit(event.target.checked)} />{' '}
                  {t('till.pay.split')}
                </label>
                {split && (
                  <>
                    <TextField
                      name="cash_amount"
                      label={t('till.pay.cashPart')}
                      inputMode="decimal"
                      value={cashPart}
                      onChange={setCashPart}
                      autoComplete="off"
                    />
                    <p className="till-split-rest" role="status">
                      {t(`till.pay.rest.${extras.method}`, { amount: money(guide.rest) })}
                      {(extras.giftCardCode.trim() || extras.discountCode.trim() || extras.loyaltyPoints.trim()) &&
                        ` ${t('till.pay.restBefore')}`}
                    </p>
                  </>
                )}
              </div>
            )}
            {(extras.method === 'cash' || splitting) && (
              <TextField
                name="cash_tendered"
                label={t('till.pay.received')}
                description={splitting ? t('till.pay.receivedSplitHelp') : t('till.pay.receivedHelp')}
                inputMode="decimal"
                value={received}
                onChange={setReceived}
                autoComplete="off"
              />
            )}
            {splitting && guide.change !== null && (
              <p className="till-split-change" role="status">
                {t('till.pay.splitChange', { amount: money(guide.change) })}
              </p>
            )}
          </FormValidationContext.Provider>
          <FailureAlert error={pay.error} words={TILL_WORDS} />
          <SendButton
            sending={pay}
            isDisabled={!ready}
            onSend={() =>
              pay.mutate(
                orderBody(cart, extras, staffId, typedAmount(received), splitting ? typedAmount(cashPart) : null),
              )
            }
          >
            {t('till.pay.send')}
          </SendButton>
          {!ready && <p className="description">{t('till.pay.needs')}</p>}
        </section>
      </div>
    </>
  );
}

/** `?booking=<id>`: the booking's (its visit's) services, staff member and client, once. */
function useBookingCheckout(dispatch: (action: { kind: 'booking'; cart: Cart }) => void) {
  const bookingId = Number(new URLSearchParams(useSearch()).get('booking')) || 0;
  const booking = $api.useQuery(
    'get',
    '/api/bookings/{id}',
    { params: { path: { id: bookingId } } },
    { enabled: bookingId > 0 },
  );
  const visitId = booking.data?.visit_id ?? 0;
  const visit = $api.useQuery(
    'get',
    '/api/bookings/visits/{id}',
    { params: { path: { id: visitId } } },
    { enabled: visitId > 0 },
  );
  const done = useRef(0);
  useEffect(() => {
    const b = booking.data;
    if (!b || done.current === b.id || (b.visit_id !== null && !visit.data)) return;
    done.current = b.id;
    const parts = visit.data?.bookings ?? [b];
    const deposit = parts.reduce(
      (sum, part) => sum + (part.deposit_status === 'paid' ? (part.deposit_amount ?? 0) : 0),
      0,
    );
    dispatch({
      kind: 'booking',
      cart: {
        lines: parts.map((part) => ({
          key: lineKey(),
          type: 'service',
          id: part.service_id,
          name: part.service_name,
          listPrice: part.price,
          price: null,
          quantity: 1,
          staffId: part.staff_id === b.staff_id ? null : part.staff_id,
          useCredit: false,
        })),
        giftCards: [],
        client: { id: b.client_id, name: b.client_name },
        staffId: b.staff_id,
        booking: { id: b.id, deposit: Math.round(deposit * 100) / 100 },
      },
    });
  }, [booking.data, visit.data, dispatch]);
}

/** The client: searched as the clients list searches (name, phone typed with spaces, email). */
function ClientPicker({ client, onChange }: { client: Cart['client']; onChange: (client: Cart['client']) => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const found = $api.useQuery(
    'get',
    '/api/clients',
    { params: { query: { search, page: 1, limit: 8 } } },
    { enabled: search !== '' && client === null, placeholderData: keepPreviousData },
  );
  const rows = found.data ? asPage(found.data).data : [];
  if (client) {
    return (
      <div className="till-client">
        <p>{t('till.client.chosen', { name: client.name })}</p>
        <Button variant="secondary" onPress={() => onChange(null)}>
          {t('till.client.change')}
        </Button>
      </div>
    );
  }
  return (
    <div className="till-client" role="search">
      <TextField
        label={t('till.client.label')}
        description={t('till.client.help')}
        type="search"
        value={typed}
        onChange={setTyped}
        maxLength={200}
        autoComplete="off"
      />
      {search !== '' && rows.length > 0 && (
        <ul className="till-found" aria-label={t('till.client.results')}>
          {rows.map((row) => (
            <li key={row.id}>
              <Button variant="secondary" onPress={() => onChange({ id: row.id, name: row.name })}>
                {t('till.client.pick', { name: row.name, phone: row.phone })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {search !== '' && found.data && rows.length === 0 && <p>{t('till.client.none', { search })}</p>}
    </div>
  );
}

/** Who served: the signed-in member unless another is chosen. */
function StaffPicker({ staffId, onChange }: { staffId: number; onChange: (id: number) => void }) {
  const t = useT();
  const staff = $api.useQuery('get', '/api/staff/staff');
  return (
    <div className="field">
      <label htmlFor="till-staff">{t('till.staff.label')}</label>
      <select id="till-staff" value={staffId} onChange={(event) => onChange(Number(event.target.value))}>
        {(staff.data ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The order as the service answered: paid, or waiting for the card terminal or the online
 * payment (followed live), or failed; the change to give for cash; the receipt.
 */
function Outcome({
  isAdmin,
  orderId,
  received,
  money,
  onNext,
}: {
  isAdmin: boolean;
  orderId: number;
  received: number | null;
  money: (amount: number) => string;
  onNext: () => void;
}) {
  const t = useT();
  const order = $api.useQuery(
    'get',
    '/api/pos/{id}',
    { params: { path: { id: orderId } } },
    { refetchInterval: (query) => (query.state.data?.payment_status === 'pending' ? 2000 : false) },
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const o = order.data;
  const due = o ? toCollect(o) : 0;
  // A callback the provider never sent: an admin may ask the provider now.
  const refresh = useApiMutation('post', '/api/payments/{id}/refresh', { onSettled: () => void order.refetch() });
  const cancel = useApiMutation('post', '/api/pos/{id}/payment/cancel', { onSettled: () => void order.refetch() });
  return (
    <section className="till-outcome" aria-labelledby="till-outcome-heading">
      <h1 id="till-outcome-heading" ref={headingRef} tabIndex={-1}>
        {!o
          ? t('till.outcome.loading')
          : o.payment_status === 'paid'
            ? t('till.outcome.paid')
            : o.payment_status === 'pending'
              ? t(o.payment_method === 'card' ? 'till.outcome.terminal' : 'till.outcome.online')
              : t('till.outcome.failed')}
      </h1>
      {o && (
        <>
          <dl className="till-figures">
            <dt>{t('till.outcome.total')}</dt>
            <dd>{money(o.total)}</dd>
            {o.gift_card_amount > 0 && (
              <>
                <dt>{t('till.outcome.giftCard')}</dt>
                <dd>{money(o.gift_card_amount)}</dd>
              </>
            )}
            {o.deposit_amount > 0 && (
              <>
                <dt>{t('till.outcome.deposit')}</dt>
                <dd>{money(o.deposit_amount)}</dd>
              </>
            )}
            {o.cash_amount > 0 && (
              <>
                <dt>{t('till.outcome.cashPart')}</dt>
                <dd>{money(o.cash_amount)}</dd>
              </>
            )}
            <dt>{t(`till.outcome.by.${o.payment_method}`)}</dt>
            <dd>{money(due)}</dd>
            {o.gift_cards.map((card) => (
              <Fragment key={card.id}>
                <dt>{t('till.outcome.giftCardSold', { amount: money(card.initial_value) })}</dt>
                <dd>{card.code}</dd>
              </Fragment>
            ))}
            {received !== null && (o.payment_method === 'cash' || o.cash_amount > 0) && (
              <>
                <dt>{t('till.outcome.received')}</dt>
                <dd>{money(received)}</dd>
                <dt>{t('till.outcome.change')}</dt>
                <dd className="till-change">
                  {/* Out of the cash: the whole of a cash sale, the cash part of a split one. */}
                  {money(
                    Math.max(
                      0,
                      Math.round((received - (o.payment_method === 'cash' ? due : o.cash_amount)) * 100) / 100,
                    ),
                  )}
                </dd>
              </>
            )}
          </dl>
          <p role="status">
            {o.payment_status === 'pending' && t('till.outcome.waiting')}
            {o.payment_status === 'failed' && t('till.outcome.failedHelp')}
          </p>
          {o.payment_method === 'card' && o.payment_status === 'pending' && (
            <>
              <FailureAlert error={cancel.error} words={TILL_WORDS} />
              <SendButton
                variant="secondary"
                sending={cancel}
                onSend={() => cancel.mutate({ params: { path: { id: orderId } } })}
              >
                {t('till.outcome.cancel')}
              </SendButton>
            </>
          )}
          {isAdmin && o.payment && o.payment_status === 'pending' && (
            <>
              <FailureAlert error={refresh.error} />
              <SendButton
                variant="secondary"
                sending={refresh}
                onSend={() => o.payment && refresh.mutate({ params: { path: { id: o.payment.id } } })}
              >
                {t('till.outcome.refresh')}
              </SendButton>
            </>
          )}
          {o.payment?.checkout_url && o.payment_status === 'pending' && (
            <p>
              <a href={o.payment.checkout_url} target="_blank" rel="noreferrer">
                {t('till.outcome.link')}
              </a>
            </p>
          )}
        </>
      )}
      <div className="actions">
        {o?.payment_status === 'paid' && (
          <Link href={`/till/receipts/${orderId}`} className="button link-button" data-variant="secondary">
            {t('till.outcome.receipt')}
          </Link>
        )}
        <Button onPress={onNext}>{t('till.outcome.next')}</Button>
      </div>
    </section>
  );
}

/** Who performed or sold one line: the sale's staff member unless another is chosen. */
function LineStaff({
  lineKey,
  name,
  staffId,
  onChange,
}: {
  lineKey: string;
  name: string;
  staffId: number | null;
  onChange: (id: number | null) => void;
}) {
  const t = useT();
  const staff = $api.useQuery('get', '/api/staff/staff');
  const id = `till-staff-${lineKey}`;
  return (
    <div className="field">
      <label htmlFor={id}>{t('till.cart.staff', { name })}</label>
      <select
        id={id}
        value={staffId ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{t('till.cart.staffSale')}</option>
        {(staff.data ?? []).map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Selling a gift card: its value and, if it is to be emailed, the recipient's address. */
function GiftCardSaleForm({ onAdd }: { onAdd: (amount: number, email: string) => void }) {
  const t = useT();
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const value = Number(amount.replace(',', '.'));
  const valid = Number.isFinite(value) && value >= 0.01 && value <= 10_000;
  return (
    <section className="till-giftcards" aria-labelledby="till-giftcards-heading">
      <h2 id="till-giftcards-heading">{t('till.giftCards.heading')}</h2>
      <TextField
        label={t('till.giftCards.amount')}
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
        autoComplete="off"
      />
      <TextField
        label={t('till.giftCards.email')}
        description={t('till.giftCards.emailHelp')}
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="off"
      />
      <Button
        variant="secondary"
        isDisabled={!valid}
        onPress={() => {
          onAdd(Math.round(value * 100) / 100, email);
          setAmount('');
          setEmail('');
        }}
      >
        {t('till.giftCards.add')}
      </Button>
    </section>
  );
}
