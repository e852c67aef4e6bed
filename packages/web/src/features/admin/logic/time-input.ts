/**
 * The schedule editor's time field (spec section 5): digits and a colon only, at most 5
 * characters, the colon inserted after the hours, hours capped at 23 and minutes at 59.
 * The model gets 'HH:MM' or, for anything not (yet) a whole time, '' (invalid is stored empty).
 */

const WHOLE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface TimeInputResult {
  /** What the field shows. */
  text: string;
  /** What the model stores: 'HH:MM' or ''. */
  value: string;
}

/** The model value of a shown text: itself when it is a whole time, else ''. */
export function storedTime(text: string): string {
  return WHOLE_TIME.test(text) ? text : '';
}

/**
 * A keystroke or paste: `raw` is the field's new content, `previous` what it showed before.
 * When the new text is the old one cut short, the user is deleting: no colon is added back.
 */
export function timeInput(raw: string, previous: string): TimeInputResult {
  const cleaned = raw.replace(/[^\d:]/g, '');
  const deleting = cleaned.length < previous.length && previous.startsWith(cleaned);
  const colon = cleaned.indexOf(':');
  let hours: string;
  let minutes: string;
  let withColon: boolean;
  if (colon === -1) {
    hours = cleaned.slice(0, 2);
    minutes = cleaned.slice(2);
    withColon = minutes !== '' || (hours.length === 2 && !deleting);
    // '7' can only be 07: go straight to the minutes.
    if (hours.length === 1 && hours > '2' && !deleting) {
      hours = `0${hours}`;
      withColon = true;
    }
  } else {
    hours = cleaned.slice(0, colon);
    minutes = cleaned.slice(colon + 1).replace(/:/g, '');
    withColon = true;
    if (hours.length > 2) {
      minutes = hours.slice(2) + minutes;
      hours = hours.slice(0, 2);
    }
    if (hours === '') return timeInput(minutes, deleting ? previous : '');
    if (hours.length === 1) hours = `0${hours}`;
  }
  minutes = minutes.slice(0, 2);
  if (hours.length === 2 && Number(hours) > 23) hours = '23';
  if (minutes.length === 2 && Number(minutes) > 59) minutes = '59';
  const text = `${hours}${withColon ? ':' : ''}${minutes}`;
  return { text, value: storedTime(text) };
}
