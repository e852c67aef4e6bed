import { type ComponentType, useId, useRef, useState } from 'react';
import { loadPageMessages, useMessages } from '../i18n/index.ts';
import type { DatePickerPopoverProps } from './date-picker-popover.tsx';

type Picker = ComponentType<DatePickerPopoverProps>;

// The calendar (react-day-picker + Radix popover, ~20 KB gzip) is its own chunk, fetched with
// its texts (the pages' catalogue) the first time the date button is hovered, focused or
// pressed; until then the button just shows the date.
let pickerLoad: Promise<Picker> | null = null;
function loadPicker(): Promise<Picker> {
  pickerLoad ??= Promise.all([
    import('../lazy-pages.ts').then((pages) => pages.datePicker()),
    loadPageMessages(),
  ]).then(([module]) => module.DatePickerPopover);
  return pickerLoad;
}

interface DateFieldProps {
  /** 'YYYY-MM-DD' */
  value: string;
  today: string;
  onChange: (date: string) => void;
}

export function DateField({ value, today, onChange }: DateFieldProps) {
  const m = useMessages();
  // The date with its weekday ('Thu 2026-11-26', 'kt 2026-11-26'); noon UTC is that date anywhere.
  const shown = `${new Date(`${value}T12:00Z`).toLocaleDateString(m.app.locale, { weekday: 'short', timeZone: 'UTC' })} ${value}`;
  const dialogId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [Picker, setPicker] = useState<Picker | null>(null);
  const [open, setOpen] = useState(false);

  const prepare = () => {
    loadPicker().then(
      (component) => setPicker(() => component),
      () => {
        // A failed chunk load is retried on the next press.
        pickerLoad = null;
      },
    );
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn date-button"
        aria-label={m.header.chooseDate(shown)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={() => {
          prepare();
          setOpen((wasOpen) => !wasOpen);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" focusable="false">
          <path
            fill="currentColor"
            d="M4 0h1.5v2h5V0H12v2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h2zM1.5 6v8c0 .3.2.5.5.5h12c.3 0 .5-.2.5-.5V6z"
          />
        </svg>
        <span>{shown}</span>
      </button>
      {Picker && (
        <Picker
          id={dialogId}
          open={open}
          onOpenChange={setOpen}
          anchorRef={buttonRef}
          value={value}
          today={today}
          onSelect={(date) => {
            setOpen(false);
            onChange(date);
          }}
        />
      )}
    </>
  );
}
