/** Stop times are 'HH:MM' (00:00-23:59) in the API and minutes after midnight in storage. */

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;

/** Parses 'HH:MM' or 'HH:MM:SS[.ffffff]' into minutes after midnight; null when malformed. */
export function parseTime(text: string): number | null {
  const m = HHMM.exec(text);
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
