import { useEffect, useId, useRef, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { parseMonthDay } from '../logic/month-day.ts';
import { formatMonthDay, MonthDayPicker } from './month-day-picker.tsx';

export interface MonthDayFieldProps {
  /** What the date is ('Date of the holiday “Joninės”'): the field's and the calendar's name. */
  label: string;
  month: number | null;
  day: number | null;
  /** A date typed or picked; null while what is typed is empty or not a date. */
  onChange: (value: { month: number; day: number } | null) => void;
  /** The form was submitted: the outline and the message show even before the field is left. */
  showInvalid?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A month and day typed as MM-DD ('02-16', also '2-16', '02.16', '0216') or picked on the
 * calendar beside it. What is typed reaches the form at once when it is a date and as "no date"
 * when it is not, so a save is refused; the reason ('“02-30” is not a date: month 02 has 29
 * days.') shows under the field once it is left or the form submitted.
 */
export function MonthDayField({ label, month, day, onChange, showInvalid = false }: MonthDayFieldProps) {
  const m = useAdminMessages();
  const messageId = useId();
  const [text, setText] = useState(() => formatMonthDay(month, day));
  const [left, setLeft] = useState(false);
  // The value this field last gave the form: its echo must not rewrite what is being typed.
  const given = useRef(formatMonthDay(month, day));
  useEffect(() => {
    const value = formatMonthDay(month, day);
    if (value === given.current) return;
    given.current = value;
    setText(value);
  }, [month, day]);

  const parsed = parseMonthDay(text);
  const message =
    parsed.kind === 'format'
      ? m.bulk.dateFormat
      : parsed.kind === 'month'
        ? m.bulk.noSuchMonth(text.trim())
        : parsed.kind === 'day'
          ? m.bulk.noSuchDay(text.trim(), pad(parsed.month), parsed.days)
          : null;
  const showMessage = message !== null && (left || showInvalid);
  const invalid = showMessage || (showInvalid && parsed.kind === 'empty');

  const type = (raw: string) => {
    setText(raw);
    const next = parseMonthDay(raw);
    const value = next.kind === 'ok' ? { month: next.month, day: next.day } : null;
    given.current = value ? formatMonthDay(value.month, value.day) : '';
    onChange(value);
  };

  return (
    <div className="month-day-field">
      <div className="month-day-field__row">
        <input
          className={`input month-day-field__input${invalid ? ' is-invalid' : ''}`}
          value={text}
          placeholder={m.dates.monthDay}
          aria-label={m.bulk.typedDate(label)}
          aria-invalid={invalid || undefined}
          aria-describedby={showMessage ? messageId : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={10}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            setLeft(true);
            // Shown as stored once it is a date ('2-16' becomes '02-16').
            if (parsed.kind === 'ok') setText(formatMonthDay(parsed.month, parsed.day));
          }}
          onFocus={() => setLeft(false)}
        />
        <MonthDayPicker
          label={label}
          month={month}
          day={day}
          iconOnly
          onChange={(pickedMonth, pickedDay) => {
            const value = formatMonthDay(pickedMonth, pickedDay);
            given.current = value;
            setText(value);
            setLeft(false);
            onChange({ month: pickedMonth, day: pickedDay });
          }}
        />
      </div>
      {showMessage && (
        <p id={messageId} className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
