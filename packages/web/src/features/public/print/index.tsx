import { LinePrintPage } from './line-print-page.tsx';
// The print styles as a file of their own, linked by the page (React puts it in <head> and
// shows the page once it has loaded): a CSS import would add its name to the home's first bundle.
import printCss from './print.css?url';
import { StopPosterPage } from './stop-poster-page.tsx';

/** /print/stop/:stopId (the stop poster) and /print/line/:lineId (a line's timetable): one chunk. */
export function Print({ kind, id }: { kind: 'stop' | 'line'; id: string }) {
  return (
    <>
      <link rel="stylesheet" href={printCss} precedence="default" />
      {kind === 'stop' ? <StopPosterPage stopId={id} /> : <LinePrintPage lineId={id} />}
    </>
  );
}
