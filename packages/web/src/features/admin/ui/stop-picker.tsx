import { foldText, type Stop } from '@bus/core';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useToasts } from './toasts.tsx';

/** Options listed at once; typing narrows the rest down. */
const MAX_OPTIONS = 40;

/** The picker's text for a stop: its name, with the coords note in brackets when there is one. */
export function stopText(stop: Pick<Stop, 'name' | 'coords'>): string {
  const note = stop.coords?.trim();
  return note ? `${stop.name} (${note})` : stop.name;
}

type Option = { kind: 'stop'; stop: Stop } | { kind: 'create'; name: string };

/** Stops whose text contains the query (case and diacritics ignored), those starting with it first. */
export function matchStops(stops: readonly Stop[], query: string): Stop[] {
  const q = foldText(query);
  if (q === '') return [...stops];
  const starts: Stop[] = [];
  const contains: Stop[] = [];
  for (const stop of stops) {
    const text = foldText(stopText(stop));
    if (text.startsWith(q)) starts.push(stop);
    else if (text.includes(q)) contains.push(stop);
  }
  return [...starts, ...contains];
}

export interface StopPickerProps {
  label: string;
  stops: readonly Stop[];
  value: Stop | null;
  onChange: (stop: Stop | null) => void;
  /** Creates a stop with just this name and answers with it (spec section 5). */
  onCreate: (name: string) => Promise<Stop>;
  invalid?: boolean;
}

/**
 * Searchable stop selector of the line editor (ARIA 1.2 combobox with a listbox). When no
 * stop has the typed name, the last option creates one with that name and picks it.
 */
export function StopPicker({ label, stops, value, onChange, onCreate, invalid = false }: StopPickerProps) {
  const m = useAdminMessages();
  const toasts = useToasts();
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState<string | null>(null);

  const query = editing ? text.trim() : '';
  const matches = useMemo(() => (open ? matchStops(stops, query) : []), [open, stops, query]);
  const options = useMemo<Option[]>(() => {
    const shown: Option[] = matches.slice(0, MAX_OPTIONS).map((stop) => ({ kind: 'stop', stop }));
    const folded = foldText(query);
    if (folded !== '' && !stops.some((s) => foldText(s.name) === folded))
      shown.push({ kind: 'create', name: query });
    return shown;
  }, [matches, query, stops]);

  useEffect(() => setActive(0), [query]);

  const listVisible = open && options.length > 0;
  const activeId = listVisible ? `${listId}-${Math.min(active, options.length - 1)}` : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function close() {
    setOpen(false);
    setEditing(false);
    setText('');
  }

  async function choose(option: Option) {
    close();
    if (option.kind === 'stop') {
      if (option.stop.id !== value?.id) onChange(option.stop);
      return;
    }
    setCreating(option.name);
    try {
      onChange(await onCreate(option.name));
    } catch (error) {
      toasts.danger(errorText(error));
    } finally {
      setCreating(null);
    }
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter': {
        const option = listVisible ? options[Math.min(active, options.length - 1)] : undefined;
        if (option) {
          event.preventDefault();
          void choose(option);
        }
        break;
      }
      case 'Escape':
        if (open || editing) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  }

  const more = matches.length - Math.min(matches.length, MAX_OPTIONS);
  let status = '';
  if (creating !== null) status = m.stopPicker.creating(creating);
  else if (open) status = matches.length === 0 ? m.stopPicker.none : m.stopPicker.found(matches.length);

  return (
    <div className="stop-picker">
      <label className="sr-only" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="stop-picker__field">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          className={`input stop-picker__input${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid || undefined}
          aria-autocomplete="list"
          aria-expanded={listVisible}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={m.stopPicker.placeholder}
          // Read-only, not disabled, while the new stop is saved: focus stays here.
          readOnly={creating !== null}
          aria-busy={creating !== null || undefined}
          value={creating ?? (editing ? text : value ? stopText(value) : '')}
          onChange={(event) => {
            if (creating !== null) return;
            setEditing(true);
            setText(event.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {value !== null && creating === null && (
          <button
            type="button"
            className="stop-picker__clear"
            aria-label={m.stopPicker.clear(label)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange(null);
              inputRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div className="stop-picker__popup" hidden={!listVisible}>
        <div id={listId} role="listbox" aria-label={label} className="stop-picker__list">
          {options.map((option, index) => (
            // Focus stays in the input, which names the active option (ARIA combobox pattern).
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys
            <div
              key={option.kind === 'stop' ? option.stop.id : 'create'}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`stop-picker__option${option.kind === 'create' ? ' stop-picker__option--create' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => void choose(option)}
            >
              {option.kind === 'stop' ? stopText(option.stop) : m.stopPicker.create(option.name)}
            </div>
          ))}
        </div>
        {more > 0 && (
          <div className="stop-picker__more" aria-hidden="true">
            {m.stopPicker.more(more)}
          </div>
        )}
      </div>
      <div className="sr-only" role="status">
        {status}
      </div>
    </div>
  );
}
