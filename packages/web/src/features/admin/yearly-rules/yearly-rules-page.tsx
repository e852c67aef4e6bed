import { useMessages } from '../../../i18n/index.ts';

/** Yearly rules editor. Placeholder. */
export function YearlyRulesPage() {
  const m = useMessages();
  return <h1>{m.admin.yearlyRules}</h1>;
}
