import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearch } from 'wouter';
import { Alert } from '../../../components/alert.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { storeUser } from '../../../lib/stored-user-write.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { AdminApiProvider } from '../admin-api.tsx';
import '../admin.css';
import './login.css';

/**
 * Login (/admin-access). Lazy-loaded so form code stays out of the public bundle; it brings its
 * own React Query + tRPC provider (the public pages have none).
 */
export function LoginPage() {
  return (
    // A 401 here means wrong credentials: shown in the form, not a sign-out.
    <AdminApiProvider handleUnauthorized={false}>
      <LoginForm />
    </AdminApiProvider>
  );
}

type Field = 'username' | 'password';

function LoginForm() {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const id = useId();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const sessionEnded = params.get('session') === 'ended';
  // After a sign-in expiry: back to the editor that was open (its draft is kept), only inside the panel.
  const back = params.get('return');
  const target = back && /^\/admin-panel(\/|$|\?)/.test(back) ? back : '/admin-panel';
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [failure, setFailure] = useState<string | null>(null);
  const config = useQuery(trpc.auth.config.queryOptions());
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const [leaving, setLeaving] = useState(false);

  const missing = (field: Field) => touched[field] && values[field].trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    const empty = (['username', 'password'] as const).find((f) => values[f].trim() === '');
    if (empty) {
      document.getElementById(`${id}-${empty}`)?.focus();
      return;
    }
    setFailure(null);
    signIn.mutate(values, {
      onSuccess: (result) => {
        // Only a result with an access token is stored (spec section 4).
        if (!storeUser(result)) {
          setFailure(m.login.noToken);
          return;
        }
        setLeaving(true);
        // Spec: go to /admin-panel and reload (or back to the editor the expiry interrupted).
        window.location.assign(target);
      },
      onError: (error) => setFailure(errorText(error, serverMessages)),
    });
  };

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={`input${missing(name) ? ' is-invalid' : ''}`}
        aria-invalid={missing(name) || undefined}
        aria-describedby={missing(name) ? `${id}-${name}-error` : undefined}
        value={values[name]}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
      />
      {missing(name) && (
        <p id={`${id}-${name}-error`} className="field-error">
          {m.login.required}
        </p>
      )}
    </div>
  );

  const busy = signIn.isPending || leaving;
  return (
    <div className="login">
      <h1>{m.login.heading}</h1>
      {sessionEnded && (
        <div className="alert alert--info" role="status">
          {m.login.sessionEnded}
        </div>
      )}
      {failure !== null && <Alert tone="danger">{failure}</Alert>}
      <form className="login__form" noValidate onSubmit={submit}>
        {field('username', m.login.username, 'text', 'username')}
        {field('password', m.login.password, 'password', 'current-password')}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? m.login.submitting : m.login.submit}
        </button>
      </form>
      {config.data?.demo && (
        <aside className="login__demo" aria-labelledby={`${id}-demo`}>
          <h2 id={`${id}-demo`}>{m.login.demoTitle}</h2>
          <dl>
            <dt>{m.login.demoUsername}</dt>
            <dd>
              <code>{config.data.demoUsername}</code>
            </dd>
            <dt>{m.login.demoPassword}</dt>
            <dd>
              <code>{config.data.demoPassword}</code>
            </dd>
          </dl>
        </aside>
      )}
    </div>
  );
}
