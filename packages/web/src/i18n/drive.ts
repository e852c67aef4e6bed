import { driveEn } from './drive-en.ts';
import { driveLt } from './drive-lt.ts';
import { useLanguage } from './index.ts';

/** The drivers' page's words in the language shown (drive-en.ts, drive-lt.ts). */
export function useDriveMessages() {
  return useLanguage() === 'lt' ? driveLt : driveEn;
}
