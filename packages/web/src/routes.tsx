import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { TimetablePage } from './features/public/timetable/timetable-page.tsx';

// The initial bundle is the timetable home; the table of every other page (other-routes.tsx)
// comes with lazy-pages.ts's chunk, which the first page beyond the home fetches anyway.
const OtherRoutes = lazy(() => import('./lazy-pages.ts').then((pages) => ({ default: pages.OtherRoutes })));

/** The route table (spec section 2): the home, else the other pages' table. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={TimetablePage} />
      <Route component={OtherRoutes} />
    </Switch>
  );
}
