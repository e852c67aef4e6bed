import type { Stop } from '@bus/core';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMessages } from '../i18n/index.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { usePublicQuery } from '../lib/use-public-query.ts';

/** Stop search waits this long after the last keystroke (spec section 9). */
export const STOP_SEARCH_DEBOUNCE_MS = 500;

/** Case- and accent-insensitive form of a text ('Anykščių' -> 'anyksciu'), like the server's search. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface StopOption {
  id: number;
  label: string;
}

/** The selector's text for a stop: its name, with the coords note in brackets when there is one. */
export function stopLabel(stop: Pick<Stop, 'name' | 'coords'>): string {
  const note = stop.coords?.trim();
  return note ? `${stop.name} (${note})` : stop.name;
}

interface StopComboboxProps {
  label: string;
  value: StopOption | null;
  onChange: (stop: StopOption | null) => void;
  disabled?: boolean;
  /** A stop id never offered (the destination list drops the home station). */
  exclude?: number;
}

/**
 * Searchable, clearable stop selector: the ARIA 1.2 combobox pattern with a listbox popup
 * (list autocomplete, first match active). Arrow keys move through the options, Enter picks,
 * Escape closes and restores the chosen stop, Tab leaves without changing it.
 */
export function StopCombobox({ label, value, onChange, disabled = false, exclude }: StopComboboxProps) {
  const m = useMessages();
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [open, setOpen] = useState(false);
  // While editing, the text is a search query; otherwise the input shows the chosen stop.
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);

  const typed = editing ? text.trim() : '';
  const debounced = useDebouncedValue(typed, STOP_SEARCH_DEBOUNCE_MS);
  // An empty query (just opened, or cleared) asks for the default stops at once.
  const query = typed === '' ? '' : debounced;
  const result = usePublicQuery('searchStops', open ? { query } : null, { keepPrevious: true });
  const waiting = open && (result.status === 'loading' || query !== typed);

  // While the answer for the latest text is on its way, the previous answer is narrowed to
  // what still matches, so Enter never picks a stop the visitor has typed away from.
  const options = useMemo<StopOption[]>(() => {
    const all = (result.data ?? [])
      .filter((stop) => stop.id !== exclude)
      .map((stop) => ({ id: stop.id, label: stopLabel(stop) }));
    if (!waiting || typed === '') return all;
    const needle = fold(typed);
    return all.filter((option) => fold(option.label).includes(needle));
  }, [result.data, exclude, waiting, typed]);

  // New results while typing: the first one becomes active, so Enter picks the best match.
  // Just opened: the chosen stop is active, so the arrow keys start from it.
  const valueId = value?.id;
  useEffect(() => {
    setActive(editing ? (options.length > 0 ? 0 : -1) : options.findIndex((o) => o.id === valueId));
  }, [options, editing, valueId]);

  const shown = editing ? text : (value?.label ?? '');
  const listVisible = open && options.length > 0;
  const activeId = listVisible && active >= 0 ? `${listId}-${active}` : undefined;

  function close() {
    setOpen(false);
    setEditing(false);
    setText('');
  }

  function choose(option: StopOption) {
    close();
    if (option.id !== value?.id) onChange(option);
  }

  function clear() {
    onChange(null);
    setEditing(true);
    setText('');
    setOpen(true);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length > 0) setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length > 0) setActive((i) => (i <= 0 ? 0 : i - 1));
        break;
      case 'Enter': {
        const option = open ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
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

  // Keeps the active option in view when the arrow keys move past the list's edge.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  let status = '';
  if (open && waiting && options.length === 0) status = m.app.loading;
  else if (open && !waiting && result.status === 'success')
    status = options.length === 0 ? m.header.noStops : m.header.stopsFound(options.length);
  else if (open && result.status === 'error') status = m.header.noStops;

  return (
    <div className="combo" data-disabled={disabled || undefined}>
      <label className="combo-label" id={labelId} htmlFor={inputId}>
        {label}
      </label>
      <div className="combo-field">
        <input
          ref={inputRef}
          id={inputId}
          className="input combo-input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listVisible}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={m.header.searchPlaceholder}
          disabled={disabled}
          value={shown}
          onChange={(event) => {
            setEditing(true);
            setText(event.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {!disabled && (value !== null || text !== '') && (
          <button
            type="button"
            className="combo-clear"
            aria-label={m.header.clear(label)}
            // Keeps focus in the input on mouse down; keyboard users reach it with Tab.
            onMouseDown={(event) => event.preventDefault()}
            onClick={clear}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div id={listId} className="combo-list" role="listbox" aria-labelledby={labelId} hidden={!listVisible}>
        {options.map((option, index) => (
          // Options are never focused themselves: focus stays in the input, which points at the
          // active option with aria-activedescendant and handles the keys (ARIA combobox pattern).
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys
          <div
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            className="combo-option"
            aria-selected={index === active}
            data-current={option.id === value?.id || undefined}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(option)}
          >
            {option.label}
          </div>
        ))}
      </div>
      <div className={listVisible || !status ? 'sr-only' : 'combo-status'} role="status">
        {status}
      </div>
    </div>
  );
}
