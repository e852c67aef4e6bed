import { useMessages } from '../i18n/index.ts';

export function Loading() {
  const m = useMessages();
  return (
    <p className="loading" role="status">
      {m.app.loading}
    </p>
  );
}
