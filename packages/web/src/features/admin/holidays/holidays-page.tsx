import { useMessages } from '../../../i18n/index.ts';

/** Configure public holidays (inline view/edit rows). Placeholder. */
export function HolidaysPage() {
  const m = useMessages();
  return <h1>{m.admin.holidays}</h1>;
}
