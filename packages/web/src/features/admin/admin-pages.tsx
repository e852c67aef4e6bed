import { Route, Switch } from 'wouter';
import { NotFound } from '../../components/not-found.tsx';
import { lazyNamed } from '../../lib/lazy-named.ts';

// One chunk per admin page: editors will pull in heavy dependencies (date picker, popovers).
const AdminHomePage = lazyNamed(() => import('./home/admin-home-page.tsx'), 'AdminHomePage');
const HolidaysPage = lazyNamed(() => import('./holidays/holidays-page.tsx'), 'HolidaysPage');
const BusStopsPage = lazyNamed(() => import('./bus-stops/bus-stops-page.tsx'), 'BusStopsPage');
const LinesPage = lazyNamed(() => import('./lines/lines-page.tsx'), 'LinesPage');
const LineDetailPage = lazyNamed(() => import('./lines/line-detail-page.tsx'), 'LineDetailPage');
const LineEditorPage = lazyNamed(() => import('./lines/line-editor-page.tsx'), 'LineEditorPage');
const SchedulesPage = lazyNamed(() => import('./schedules/schedules-page.tsx'), 'SchedulesPage');
const ScheduleEditorPage = lazyNamed(
  () => import('./schedules/schedule-editor-page.tsx'),
  'ScheduleEditorPage',
);
const TimetableGridPage = lazyNamed(() => import('./grid/timetable-grid-page.tsx'), 'TimetableGridPage');
const YearlyRulesPage = lazyNamed(() => import('./yearly-rules/yearly-rules-page.tsx'), 'YearlyRulesPage');
const YearlyRulePage = lazyNamed(() => import('./yearly-rules/yearly-rule-page.tsx'), 'YearlyRulePage');
const HistoryPage = lazyNamed(() => import('./history/history-page.tsx'), 'HistoryPage');
const PublishingPage = lazyNamed(() => import('./publishing/publishing-page.tsx'), 'PublishingPage');
const TimetableCheckPage = lazyNamed(
  () => import('./timetable-check/timetable-check-page.tsx'),
  'TimetableCheckPage',
);
// Service changes (issue 27).
const ServiceChangesPage = lazyNamed(
  () => import('./service-changes/service-changes-page.tsx'),
  'ServiceChangesPage',
);

// The changes between buses the journey planner counts with.
const ChangeRulesPage = lazyNamed(() => import('./change-rules/change-rules-page.tsx'), 'ChangeRulesPage');
// Issue 37: the refused sign-ins.
const SignInsPage = lazyNamed(() => import('./sign-ins/sign-ins-page.tsx'), 'SignInsPage');
// Issue 41: fares, the staff part.
const FaresPage = lazyNamed(() => import('./fares/fares-page.tsx'), 'FaresPage');
// Issue 42: the departure board's builder.
const BoardBuilderPage = lazyNamed(() => import('./board/board-builder-page.tsx'), 'BoardBuilderPage');
// Issue 40: live buses for staff.
const LivePage = lazyNamed(() => import('./live/live-page.tsx'), 'LivePage');

/** Admin page table, relative to /admin-panel (spec section 2, Admin). 'lines/new' precedes ':lineId'. */
export function AdminPages() {
  return (
    <Switch>
      <Route path="/" component={AdminHomePage} />
      <Route path="/holidays" component={HolidaysPage} />
      <Route path="/bus-stops" component={BusStopsPage} />
      <Route path="/lines" component={LinesPage} />
      <Route path="/lines/new">{() => <LineEditorPage />}</Route>
      <Route path="/lines/:lineId">{({ lineId }) => <LineDetailPage lineId={lineId} />}</Route>
      <Route path="/lines/:lineId/edit">{({ lineId }) => <LineEditorPage lineId={lineId} />}</Route>
      <Route path="/schedules" component={SchedulesPage} />
      <Route path="/schedules/:lineId">{({ lineId }) => <ScheduleEditorPage lineId={lineId} />}</Route>
      <Route path="/schedules/:lineId/grid">{({ lineId }) => <TimetableGridPage lineId={lineId} />}</Route>
      <Route path="/schedules/:lineId/:openScheduleId">
        {({ lineId, openScheduleId }) => (
          <ScheduleEditorPage lineId={lineId} openScheduleId={openScheduleId} />
        )}
      </Route>
      <Route path="/yearly-rules" component={YearlyRulesPage} />
      <Route path="/yearly-rules/:ruleId">{({ ruleId }) => <YearlyRulePage ruleId={ruleId} />}</Route>
      <Route path="/history" component={HistoryPage} />
      <Route path="/publishing" component={PublishingPage} />
      <Route path="/timetable-check" component={TimetableCheckPage} />
      <Route path="/service-changes" component={ServiceChangesPage} />
      <Route path="/change-rules" component={ChangeRulesPage} />
      <Route path="/sign-ins" component={SignInsPage} />
      <Route path="/live" component={LivePage} />
      <Route path="/fares" component={FaresPage} />
      <Route path="/board" component={BoardBuilderPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
