import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { DeparturesPage } from './features/public/departures/departures-page.tsx';
import { HOME_PATH } from './lib/core.ts';

// The initial bundle is the timetable home; the table of every other page (other-pages.tsx)
// comes with lazy-pages.ts's chunk, which the first page beyond the home fetches anyway.
const OtherPages = lazy(() => import('./lazy-pages.ts').then((pages) => ({ default: pages.OtherPages })));

/** The page table (core's pages.ts): the home, else the other pages (other-pages.tsx). */
export function AppPages() {
  return (
    <Switch>
      <Route path={HOME_PATH} component={DeparturesPage} />
      <Route component={OtherPages} />
    </Switch>
  );
}
