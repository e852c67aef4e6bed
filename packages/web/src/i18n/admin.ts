import { adminEn } from './admin-en.ts';

/** The admin board's catalogue (imported by admin code only: it stays out of the public bundle). */
export type AdminMessages = typeof adminEn;

/** English; when Lithuanian arrives this becomes a lookup of the current language. */
export const adminMessages: AdminMessages = adminEn;

/** The admin catalogue for the current language. */
export function useAdminMessages(): AdminMessages {
  return adminMessages;
}
