import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { NotFound } from './components/not-found.tsx';
import { RequireAdmin } from './features/admin/require-admin.tsx';
import * as pages from './lazy-pages.ts';
import { PAGE_KEYS, PAGES, type PageKey, type PageParams } from './lib/core.ts';
import { lazyNamed } from './lib/lazy-named.ts';

// Every page beyond the timetable home is a chunk loaded on demand, and so is everything admin
// (login included): none of it is in the public bundle. This module is in lazy-pages.ts's chunk
// (pages.tsx), so the home's first load carries only the home's route.
const BrowsePage = lazyNamed(() => pages.browsePage(), 'BrowsePage');
const LinePage = lazyNamed(() => pages.linePage(), 'LinePage');
const TripPage = lazyNamed(() => pages.tripPage(), 'TripPage');
const LoginPage = lazyNamed(() => pages.loginPage(), 'LoginPage');
const AdminArea = lazyNamed(() => pages.adminArea(), 'AdminArea');
// Printed timetables (the stop poster, a line's timetable): one chunk, loaded when opened.
const PrintPage = lazyNamed(() => pages.printPage(), 'Print');
// Every current and upcoming service change.
const ChangesPage = lazyNamed(() => pages.changesPage(), 'ChangesPage');
// The journey planner.
const PlanPage = lazyNamed(() => pages.planPage(), 'PlanPage');
// Every placed stop on a map, and the stops near the visitor.
const MapPage = lazyNamed(() => pages.mapPage(), 'MapPage');
// The drivers' page: sign in, start a trip, send the bus's position.
const DrivePage = lazyNamed(() => pages.drivePage(), 'DrivePage');
// The departure board of a station screen (issue 42).
const BoardPage = lazyNamed(() => pages.boardPage(), 'BoardPage');
// A stop's departures before and after a new timetable.
const ComparePage = lazyNamed(() => pages.comparePage(), 'ComparePage');

/** The pages beyond the home (pages.tsx routes the home before this module is loaded). */
type OtherPageKey = Exclude<PageKey, 'home'>;

/**
 * What each page of core's page table shows, given its path's parameters. Typed by the table:
 * a page declared there does not compile until it is shown here. Keyed by the address where
 * another line, trip or stop is a new page, not this one's state.
 */
const PAGE_VIEWS: { [K in OtherPageKey]: (params: PageParams<K>) => ReactNode } = {
  lines: () => <BrowsePage />,
  line: ({ lineId }) => <LinePage key={lineId} lineId={lineId} />,
  lineTrip: ({ lineId, schedId, tripId }) => (
    <LinePage key={lineId} lineId={lineId} schedId={schedId} tripId={tripId} />
  ),
  trip: ({ tripId }) => <TripPage key={tripId} tripId={tripId} />,
  // A date's departures are the home's on that date, from the home station.
  date: ({ date }) => <Redirect to={`/?date=${date}`} replace />,
  printStop: ({ stopId }) => <PrintPage key={stopId} kind="stop" id={stopId} />,
  printLine: ({ lineId }) => <PrintPage key={lineId} kind="line" id={lineId} />,
  changes: () => <ChangesPage />,
  map: () => <MapPage />,
  plan: () => <PlanPage />,
  compare: () => <ComparePage />,
  drive: () => <DrivePage />,
  board: () => <BoardPage />,
  adminAccess: () => <LoginPage />,
  adminPanel: () => (
    <RequireAdmin>
      <AdminArea />
    </RequireAdmin>
  ),
};

const otherPageKeys = PAGE_KEYS.filter((key): key is OtherPageKey => key !== 'home');

/** The page table beyond the home, in the table's order (first match wins); the last is not-found. */
export function OtherPages() {
  return (
    <Switch>
      {otherPageKeys.map((key) => {
        const page = PAGES[key];
        const view = PAGE_VIEWS[key] as (params: Record<string, string>) => ReactNode;
        return (
          <Route key={key} path={page.path} nest={'nest' in page && page.nest}>
            {(params: Record<string, string>) => view(params)}
          </Route>
        );
      })}
      <Route component={NotFound} />
    </Switch>
  );
}
