import { useMessages } from '../i18n/index.ts';

export function NotFound() {
  const m = useMessages();
  return <h1>{m.app.notFound}</h1>;
}
