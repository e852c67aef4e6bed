import { useMessages } from '../../../i18n/index.ts';

/** Login (/admin-access). Lazy-loaded so form code stays out of the public bundle. Placeholder. */
export function LoginPage() {
  const m = useMessages();
  return <h1>{m.login.heading}</h1>;
}
