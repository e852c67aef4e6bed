import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /date/:date exists in the spec; its content is not described. Placeholder. */
export function DatePage({ date }: { date: string }) {
  const m = useMessages();
  useDocumentTitle(m.date.heading(date));
  return (
    <>
      <h1>{m.date.heading(date)}</h1>
      <RouteParams params={{ date }} />
    </>
  );
}
