import { Route, Switch } from 'wouter';
import { NotFound } from '../../ui/PageStates';
import AccountNavLinks from './AccountNav';
import BookingsPage from './BookingsPage';
import MagicPage from './MagicPage';
import MovePage from './MovePage';
import ProfilePage from './ProfilePage';
import SignInPage from './SignInPage';

/** The signed-in client's links in the header, from this same chunk. */
export const AccountNav = AccountNavLinks;

/**
 * The client's own pages (`/client/*`): one chunk, fetched when one of them is opened, so the
 * booking page's first load carries none of them.
 */
export default function AccountPages() {
  return (
    <Switch>
      <Route path="/client/sign-in" component={SignInPage} />
      <Route path="/client/magic" component={MagicPage} />
      <Route path="/client/bookings" component={BookingsPage} />
      <Route path="/client/bookings/:id/move" component={MovePage} />
      <Route path="/client/profile" component={ProfilePage} />
      <Route component={NotFound} />
    </Switch>
  );
}
