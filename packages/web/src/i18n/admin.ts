import { adminEn } from './admin-en.ts';
import { adminLt } from './admin-lt.ts';
import { type Language, useLanguage } from './index.ts';

/** The admin board's catalogue (imported by admin code only: it stays out of the public bundle). */
export type AdminMessages = typeof adminEn;

const ADMIN_CATALOGUES: Record<Language, AdminMessages> = { lt: adminLt, en: adminEn };

/** The admin catalogue of the language shown. */
export function useAdminMessages(): AdminMessages {
  return ADMIN_CATALOGUES[useLanguage()];
}
