import { type InputHTMLAttributes, useCallback, useEffect, useRef, useState } from 'react';
import { useRegisterFlush } from './flush.tsx';

/** Edit debounce of text fields (spec section 9); the rule name uses 100 ms, selects none. */
export const TEXT_DEBOUNCE_MS = 200;
export const RULE_NAME_DEBOUNCE_MS = 100;

export interface ParsedText {
  /** What the field shows. */
  text: string;
  /** What the model gets. */
  value: string;
}

export interface DebouncedInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'> {
  value: string;
  onCommit: (value: string) => void;
  delay?: number;
  /** Turns a keystroke or paste into the shown text and the model value (default: as typed). */
  parse?: (raw: string, previousText: string) => ParsedText;
  /** The text shown once the field is left, from the model value (default: the typed text stays). */
  display?: (value: string) => string;
  invalid?: boolean;
}

/**
 * A text input that shows every keystroke at once and passes it on to the form model only
 * after `delay` ms without typing, on blur, or when a save flushes pending edits. Nothing
 * typed is ever lost: the model always ends up with the last text.
 */
export function DebouncedInput({
  value,
  onCommit,
  delay = TEXT_DEBOUNCE_MS,
  parse,
  display,
  invalid = false,
  className,
  onBlur,
  ...rest
}: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; value: string } | null>(null);
  // The value this field last gave the model: its echo must not overwrite what is being typed.
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (pending.current || value === committed.current) return;
    committed.current = value;
    setText(display ? display(value) : value);
  }, [value, display]);

  const flush = useCallback(() => {
    const edit = pending.current;
    if (!edit) return;
    if (edit.timer) clearTimeout(edit.timer);
    pending.current = null;
    committed.current = edit.value;
    commit.current(edit.value);
  }, []);
  useRegisterFlush(flush);
  // A field removed while an edit waits (e.g. its row is deleted) still hands it over.
  useEffect(() => flush, [flush]);

  return (
    <input
      {...rest}
      className={`input${invalid ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(event) => {
        const parsed = parse
          ? parse(event.target.value, text)
          : { text: event.target.value, value: event.target.value };
        setText(parsed.text);
        if (pending.current?.timer) clearTimeout(pending.current.timer);
        pending.current = { timer: null, value: parsed.value };
        if (delay <= 0) flush();
        else pending.current.timer = setTimeout(flush, delay);
      }}
      onBlur={(event) => {
        flush();
        if (display) setText(display(committed.current));
        onBlur?.(event);
      }}
    />
  );
}
