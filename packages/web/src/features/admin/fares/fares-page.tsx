import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { linesToShow } from '../lines/lines-order.ts';
import { LoadError } from '../ui/bits.tsx';
import { Concessions } from './concessions.tsx';
import { FareRules } from './fare-rules.tsx';
import { ThroughFares } from './through-fares.tsx';
import './fares.css';

/**
 * Fares (/admin-panel/fares, issue 41): each line's fare rules from a date (a flat fare, a price
 * per kilometre or distance bands, rounding, a minimum, pair fares), the through fares (one ticket
 * for a journey changing from one line to another) and the concessions. What a
 * ride then costs is core's (fares/fares.ts); the server keeps versions and history of each.
 */
export function FaresPage() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const lines = useQuery(trpc.admin.lines.list.queryOptions());
  return (
    <div className="fares">
      <h1>{m.fares.menu}</h1>
      <p className="fares__intro">{m.fares.intro}</p>
      {lines.isPending ? (
        <Loading />
      ) : lines.isError ? (
        <LoadError error={lines.error} />
      ) : (
        <>
          <FareRules lines={linesToShow(lines.data, '')} />
          <ThroughFares lines={linesToShow(lines.data, '')} />
        </>
      )}
      <Concessions />
    </div>
  );
}
