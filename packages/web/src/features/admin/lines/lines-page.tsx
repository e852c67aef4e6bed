import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { LinesTable } from './lines-table.tsx';

/** Lines table (Name, From, To, Actions) with an add button to lines/new. */
export function LinesPage() {
  const m = useAdminMessages();
  return (
    <>
      <h1>{m.admin.lines}</h1>
      <p>
        <Link href="/lines/new" className="btn btn--primary">
          {m.lines.add}
        </Link>
      </p>
      <LinesTable purpose="lines" />
    </>
  );
}
