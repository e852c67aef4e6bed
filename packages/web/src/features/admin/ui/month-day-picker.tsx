import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { enGB, lt } from 'react-day-picker/locale';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { formatDate } from '../../../i18n/format.ts';
import { type Language, useLanguage, useMessages } from '../../../i18n/index.ts';
import 'react-day-picker/style.css';
import './month-day-picker.css';
import { pickerPageStart } from './month-day-paging.ts';

/** Month and weekday names and the calendar's own labels in the language shown (Monday first). */
const CALENDAR_LOCALES: Record<Language, typeof lt> = { lt, en: enGB };

/** The rule editor's calendar covers one year (spec section 9). */
export const PICKER_YEAR = 2026;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM-DD' (how holidays and periods are shown), or '' when not set. */
export function formatMonthDay(month: number | null, day: number | null): string {
  return month && day ? `${pad(month)}-${pad(day)}` : '';
}

export interface MonthDayPickerProps {
  /** What is picked ('Date', 'Start of period 1'...): the button's and the calendar's name. */
  label: string;
  month: number | null;
  day: number | null;
  onChange: (month: number, day: number) => void;
  /** Months shown side by side. */
  months?: number;
  invalid?: boolean;
  id?: string;
  /** The button shows the calendar icon only (beside a field where the date is typed). */
  iconOnly?: boolean;
}

/**
 * A month and day picked on a react-day-picker calendar of PICKER_YEAR (Jan 1 to Dec 31) in a
 * Radix popover. The button shows MM-DD; the calendar takes the keyboard (arrows, Enter,
 * Page Up/Down), Escape closes it and focus returns to the button.
 */
export function MonthDayPicker({
  label,
  month,
  day,
  onChange,
  months = 1,
  invalid = false,
  id,
  iconOnly = false,
}: MonthDayPickerProps) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const value = formatMonthDay(month, day);
  const selected = month && day ? new Date(PICKER_YEAR, month - 1, day) : undefined;
  // The page shown: pages of `months` from January (never one holding December alone).
  const pageOf = (picked: number | null) => new Date(PICKER_YEAR, pickerPageStart(picked, months), 1);
  const [page, setPage] = useState(() => pageOf(month));
  const labelDayButton = (date: Date, modifiers: Modifiers) =>
    m.dates.dayButton(formatDate(locale, 'dayMonth', date), modifiers.selected === true);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setPage(pageOf(month));
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          id={id}
          className={`btn month-day${iconOnly ? ' month-day--icon' : ''}${invalid ? ' is-invalid' : ''}`}
          aria-label={m.dates.pick(label, value || m.dates.notSet)}
          aria-invalid={invalid || undefined}
          aria-controls={open ? dialogId : undefined}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" focusable="false">
            <path
              fill="currentColor"
              d="M4 0h1.5v2h5V0H12v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h2zM1.5 6v8c0 .3.2.5.5.5h12c.3 0 .5-.2.5-.5V6z"
            />
          </svg>
          {!iconOnly && <span className="month-day__value">{value || m.dates.monthDay}</span>}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          id={dialogId}
          className="md-popover"
          aria-label={m.dates.calendar(label)}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          sticky="always"
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <DayPicker
            mode="single"
            autoFocus
            weekStartsOn={1}
            locale={CALENDAR_LOCALES[language]}
            numberOfMonths={months}
            pagedNavigation
            startMonth={new Date(PICKER_YEAR, 0, 1)}
            endMonth={new Date(PICKER_YEAR, 11, 31)}
            month={page}
            onMonthChange={(shown) => {
              const year = shown.getFullYear();
              setPage(pageOf(year === PICKER_YEAR ? shown.getMonth() + 1 : year < PICKER_YEAR ? 1 : 12));
            }}
            selected={selected}
            today={new Date(PICKER_YEAR - 10, 0, 1)}
            labels={{ labelDayButton }}
            onSelect={(date) => {
              if (!date) return;
              setOpen(false);
              onChange(date.getMonth() + 1, date.getDate());
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
