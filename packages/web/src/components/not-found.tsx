import { useMessages } from '../i18n/index.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFound() {
  const m = useMessages();
  useDocumentTitle(m.app.notFound);
  return <h1>{m.app.notFound}</h1>;
}
