import { Route, Switch } from 'wouter';
import { StopHeader } from './stop-header.tsx';

/** Which pages get which header (spec section 2, "Header"); admin and login pages get none. */
export function HeaderSlot() {
  return (
    <Switch>
      <Route path="/">
        <StopHeader variant="timetable" />
      </Route>
      <Route path="/browse" nest>
        <StopHeader variant="stop" />
      </Route>
      <Route path="/trip/:tripId">
        <StopHeader variant="stop" />
      </Route>
      <Route path="/date/:date">
        <StopHeader variant="stop" />
      </Route>
    </Switch>
  );
}
