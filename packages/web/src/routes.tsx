import { Route, Switch } from 'wouter';
import { NotFound } from './components/not-found.tsx';
import { RequireAdmin } from './features/admin/require-admin.tsx';
import { TimetablePage } from './features/public/timetable/timetable-page.tsx';
import { lazyNamed } from './lib/lazy-named.ts';

// The initial bundle is the timetable home; every other page is a chunk loaded on demand.
const BrowsePage = lazyNamed(() => import('./features/public/browse/browse-page.tsx'), 'BrowsePage');
const LinePage = lazyNamed(() => import('./features/public/line/line-page.tsx'), 'LinePage');
const TripPage = lazyNamed(() => import('./features/public/trip/trip-page.tsx'), 'TripPage');
const DatePage = lazyNamed(() => import('./features/public/date/date-page.tsx'), 'DatePage');
// Printed timetables (/print/stop/:id, /print/line/:id): one chunk, loaded when opened.
const PrintPage = lazyNamed(() => import('./features/public/print/index.tsx'), 'Print');
// Everything admin (login included) is loaded on demand: none of it is in the public bundle.
const LoginPage = lazyNamed(() => import('./features/admin/login/login-page.tsx'), 'LoginPage');
const AdminArea = lazyNamed(() => import('./features/admin/admin-area.tsx'), 'AdminArea');

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
      <Route path="/date/:date">{({ date }) => <DatePage date={date} />}</Route>
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
