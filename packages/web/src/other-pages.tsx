import { Redirect, Route, Switch } from 'wouter';
import { NotFound } from './components/not-found.tsx';
import { RequireAdmin } from './features/admin/require-admin.tsx';
import * as pages from './lazy-pages.ts';
import { lazyNamed } from './lib/lazy-named.ts';

// Every page beyond the timetable home is a chunk loaded on demand, and so is everything admin
// (login included): none of it is in the public bundle. This table itself is in lazy-pages.ts's
// chunk (pages.tsx), so the home's first load carries only the home's route.
const BrowsePage = lazyNamed(() => pages.browsePage(), 'BrowsePage');
const LinePage = lazyNamed(() => pages.linePage(), 'LinePage');
const TripPage = lazyNamed(() => pages.tripPage(), 'TripPage');
const LoginPage = lazyNamed(() => pages.loginPage(), 'LoginPage');
const AdminArea = lazyNamed(() => pages.adminArea(), 'AdminArea');
// Printed timetables (/print/stop/:id, /print/line/:id): one chunk, loaded when opened.
const PrintPage = lazyNamed(() => pages.printPage(), 'Print');
// Issue 27: every current and upcoming service change (/changes).
const ChangesPage = lazyNamed(() => pages.changesPage(), 'ChangesPage');
// wt-plan (issue 30): the journey planner (/plan).
const PlanPage = lazyNamed(() => pages.planPage(), 'PlanPage');

// Issue 29 (wt-maps): every placed stop on a map, and the stops near the visitor (/map).
const MapPage = lazyNamed(() => pages.mapPage(), 'MapPage');
// wt-dated (issue 28): /compare, a stop's departures before and after a new timetable.
const ComparePage = lazyNamed(() => pages.comparePage(), 'ComparePage');

/** The page table beyond the home (spec section 2). First match wins, the last is not-found. */
export function OtherPages() {
  return (
    <Switch>
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
      <Route path="/changes" component={ChangesPage} />
      {/* Issue 29 (wt-maps). */}
      <Route path="/map" component={MapPage} />
      {/* wt-plan (issue 30) */}
      <Route path="/plan" component={PlanPage} />
      <Route path="/compare" component={ComparePage} />
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
