import { Link } from 'wouter';
import { useMessages } from '../../../i18n/index.ts';

/** Lines table (Name, From, To, Actions) with an add button to lines/new. Placeholder. */
export function LinesPage() {
  const m = useMessages();
  return (
    <>
      <h1>{m.admin.lines}</h1>
      <Link className="btn btn--primary" href="/lines/new">
        {m.admin.newLine}
      </Link>
    </>
  );
}
