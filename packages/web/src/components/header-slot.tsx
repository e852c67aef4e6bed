import { useLocation } from 'wouter';
import { StopHeader, type StopHeaderVariant } from './stop-header.tsx';

/** Which header a path gets (spec section 2, "Header"); admin and login pages get none. */
export function headerVariant(path: string): StopHeaderVariant | null {
  if (path === '/') return 'timetable';
  if (path === '/browse' || /^\/(browse|trip|date)\//.test(path)) return 'stop';
  return null;
}

export function HeaderSlot() {
  // Read at the top level (no nested route), so the header navigates with absolute paths.
  const [location] = useLocation();
  const variant = headerVariant(location);
  return variant ? <StopHeader variant={variant} /> : null;
}
