import { NotFound } from '../../../components/not-found.tsx';
import { LinePrintPage } from './line-print-page.tsx';
// The print styles as a file of their own, linked by the page (React puts it in <head> and
// shows the page once it has loaded): a CSS import would add its name to the home's first bundle.
import printCss from './print.css?url';
import { StopPosterPage } from './stop-poster-page.tsx';

/** /print/stop/:stopId (the stop poster) and /print/line/:lineId (a line's timetable): one route, one chunk. */
export function Print({ params }: { params: { '*'?: string } }) {
  // The route is /print/* (the shortest entry in the home's first bundle): 'stop/1' or 'line/1'.
  const [kind, id = '', ...rest] = (params['*'] ?? '').split('/');
  return (
    <>
      <link rel="stylesheet" href={printCss} precedence="default" />
      {/* Keyed by the address: another stop or line is a new page, not this one's state. */}
      {rest.length > 0 || id === '' ? (
        <NotFound />
      ) : kind === 'stop' ? (
        <StopPosterPage key={id} stopId={id} />
      ) : kind === 'line' ? (
        <LinePrintPage key={id} lineId={id} />
      ) : (
        <NotFound />
      )}
    </>
  );
}
