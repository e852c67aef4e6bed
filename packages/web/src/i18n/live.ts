import { useLanguage } from './index.ts';
import { liveEn } from './live-en.ts';
import { liveLt } from './live-lt.ts';

/** The live buses' words in the language shown (live-en.ts, live-lt.ts). */
export function useLiveMessages() {
  return useLanguage() === 'lt' ? liveLt : liveEn;
}

/** A delay in seconds (negative: early) as whole minutes, as riders are told it. */
export const delayMinutes = (seconds: number): number => Math.round(seconds / 60);
