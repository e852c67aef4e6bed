import { Redirect, Route, Switch } from 'wouter';
import { NotFound } from './components/not-found.tsx';
import { RequireAdmin } from './features/admin/require-admin.tsx';
import { TimetablePage } from './features/public/timetable/timetable-page.tsx';
import { lazyNamed } from './lib/lazy-named.ts';

// The initial bundle is the timetable home; every other page is a chunk loaded on demand, and
// so is everything admin (login included): none of it is in the public bundle.
const pages = () => import('./lazy-pages.ts');
const BrowsePage = lazyNamed(() => pages().then((p) => p.browsePage()), 'BrowsePage');
const LinePage = lazyNamed(() => pages().then((p) => p.linePage()), 'LinePage');
const TripPage = lazyNamed(() => pages().then((p) => p.tripPage()), 'TripPage');
const LoginPage = lazyNamed(() => pages().then((p) => p.loginPage()), 'LoginPage');
const AdminArea = lazyNamed(() => pages().then((p) => p.adminArea()), 'AdminArea');
// Printed timetables (/print/stop/:id, /print/line/:id): one chunk, loaded when opened.
const PrintPage = lazyNamed(() => pages().then((p) => p.printPage()), 'Print');

/** The route table (spec section 2). Order matters: first match wins, the last is not-found. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={TimetablePage} />
      <Route path="/browse" component={BrowsePage} />
      <Route path="/browse/:lineId">{({ lineId }) => <LinePage key={lineId} lineId={lineId} />}</Route>
      <Route path="/browse/:lineId/:schedId/:tripId">
        {({ lineId, schedId, tripId }) => (
          <LinePage key={lineId} lineId={lineId} schedId={schedId} tripId={tripId} />
        )}
      </Route>
      <Route path="/trip/:tripId">{({ tripId }) => <TripPage key={tripId} tripId={tripId} />}</Route>
      {/* A date's departures are the home's on that date, from the home station. */}
      <Route path="/date/:date">{({ date }) => <Redirect to={`/?date=${date}`} replace />}</Route>
      <Route path="/print/*" component={PrintPage} />
      <Route path="/admin-access" component={LoginPage} />
      <Route path="/admin-panel" nest>
        <RequireAdmin>
          <AdminArea />
        </RequireAdmin>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
