import { RouteParams } from '../../../components/route-params.tsx';
import { useMessages } from '../../../i18n/index.ts';

/** Lines and schedules using one rule, in an accordion (yearly-rules/:ruleId). Placeholder. */
export function YearlyRulePage({ ruleId }: { ruleId: string }) {
  const m = useMessages();
  return (
    <>
      <h1>{m.admin.yearlyRule(ruleId)}</h1>
      <RouteParams params={{ ruleId }} />
    </>
  );
}
