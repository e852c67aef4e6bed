import { useMessages } from '../i18n/index.ts';

/**
 * 'timetable': departure and destination selectors, Today, date picker, direction radios.
 * 'stop': the departure stop selector only (browse pages).
 */
export type StopHeaderVariant = 'timetable' | 'stop';

/** Header area shared by public pages. Placeholder: the selectors arrive in a later step. */
export function StopHeader({ variant }: { variant: StopHeaderVariant }) {
  const m = useMessages();
  return <section className="app-header" aria-label={m.header.label} data-variant={variant} />;
}
