import { useEffect } from 'react';
import { useMessages } from '../i18n/index.ts';

/**
 * Keeps document.title in step with the page, as the server writes it into the HTML it sends
 * (server/src/web-pages.ts): 'M35 Anykščiai – Dabužiai – Anyksciai bus timetable'; null: the
 * site's name alone.
 */
export function useDocumentTitle(page: string | null): void {
  const site = useMessages().app.title;
  useEffect(() => {
    document.title = page ? `${page} – ${site}` : site;
  }, [page, site]);
}
