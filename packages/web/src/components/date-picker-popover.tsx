import * as Popover from '@radix-ui/react-popover';
import type { RefObject } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { enGB, lt } from 'react-day-picker/locale';
import { formatDate } from '../i18n/format.ts';
import { type Language, useLanguage, useMessages } from '../i18n/index.ts';
import 'react-day-picker/style.css';
import './date-picker-popover.css';

export interface DatePickerPopoverProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The date button: the popover is placed under it and focus returns to it on close. */
  anchorRef: RefObject<HTMLButtonElement | null>;
  /** 'YYYY-MM-DD' */
  value: string;
  today: string;
  onSelect: (date: string) => void;
}

/** Month and weekday names and the calendar's own labels, per language (Monday first in both). */
const CALENDAR_LOCALES: Record<Language, typeof lt> = { lt, en: enGB };

/** 'YYYY-MM-DD' as a local-midnight Date (what react-day-picker works with), and back. */
export function isoToLocalDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function localDateToIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Lazily loaded: the calendar in a Radix popover, anchored to the date button it opens from. */
export function DatePickerPopover({
  id,
  open,
  onOpenChange,
  anchorRef,
  value,
  today,
  onSelect,
}: DatePickerPopoverProps) {
  const m = useMessages();
  const language = useLanguage();
  const selected = isoToLocalDate(value);
  // The day's number stays a whole word of its name ('Sunday 1 November 2026'), so the visible
  // text is part of the accessible name (WCAG 2.5.3); the library's '1st' is not.
  const labelDayButton = (date: Date, modifiers: Modifiers) =>
    m.calendar.day(
      formatDate(m.app.locale, 'longDay', date),
      modifiers.today === true,
      modifiers.selected === true,
    );
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          className="date-popover"
          aria-label={m.calendar.label}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          // The calendar focuses the selected day itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchorRef.current?.focus();
          }}
          // A press on the date button toggles the popover through the button's own handler.
          onInteractOutside={(event) => {
            if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
          }}
        >
          <DayPicker
            mode="single"
            required
            autoFocus
            locale={CALENDAR_LOCALES[language]}
            weekStartsOn={1}
            selected={selected}
            defaultMonth={selected}
            today={isoToLocalDate(today)}
            labels={{ labelDayButton }}
            onSelect={(date) => onSelect(localDateToIso(date))}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
