import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { Loading, NotFound } from '../../ui/PageStates';

/*
 * The routes of the pages an email links to, for the public shell. Each page is a chunk of its
 * own, fetched when its address is opened: none of them weighs on the booking page's first load.
 */

const ProvisionalAnswerPage = lazy(() => import('./ProvisionalAnswerPage'));
const BookingActionPage = lazy(() => import('./BookingActionPage'));
const ReviewPage = lazy(() => import('./ReviewPage'));
const UnsubscribePage = lazy(() => import('./UnsubscribePage'));

function Chunk({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** `/booking/confirm?token=…` (provisional booking). */
export const ConfirmRoute = () => (
  <Chunk>
    <ProvisionalAnswerPage answer="confirm" />
  </Chunk>
);
/** `/booking/decline?token=…` (provisional booking). */
export const DeclineRoute = () => (
  <Chunk>
    <ProvisionalAnswerPage answer="decline" />
  </Chunk>
);
/** `/booking/attend?token=…` (booking and reminder emails). */
export const AttendRoute = () => (
  <Chunk>
    <BookingActionPage action="attend" />
  </Chunk>
);
/** `/booking/cancel?token=…` (booking and reminder emails). */
export const CancelRoute = () => (
  <Chunk>
    <BookingActionPage action="cancel" />
  </Chunk>
);
/** `/booking/move?token=…` (booking and reminder emails). */
export const MoveRoute = () => (
  <Chunk>
    <BookingActionPage action="move" />
  </Chunk>
);
/** `/review?token=…` (review request email). */
export const ReviewRoute = () => (
  <Chunk>
    <ReviewPage />
  </Chunk>
);
/** `/unsubscribe?token=…` (campaign emails). */
export const UnsubscribeRoute = () => (
  <Chunk>
    <UnsubscribePage />
  </Chunk>
);

/**
 * Every page an email links to, for the public shell, which loads this module when one of
 * their addresses is opened (`/booking/…`, `/review`, `/unsubscribe`).
 */
export default function LinkRoutes() {
  return (
    <Switch>
      <Route path="/booking/confirm" component={ConfirmRoute} />
      <Route path="/booking/decline" component={DeclineRoute} />
      <Route path="/booking/attend" component={AttendRoute} />
      <Route path="/booking/cancel" component={CancelRoute} />
      <Route path="/booking/move" component={MoveRoute} />
      <Route path="/review" component={ReviewRoute} />
      <Route path="/unsubscribe" component={UnsubscribeRoute} />
      <Route component={NotFound} />
    </Switch>
  );
}
