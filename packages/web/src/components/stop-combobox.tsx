import type { FoundStop } from '@bus/core';
import { useMemo } from 'react';
import { useMessages } from '../i18n/index.ts';
import { foldText, stopLabel } from '../lib/core.ts';
import { useCombobox, useComboboxText } from '../lib/use-combobox.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { usePublicQuery } from '../lib/use-public-query.ts';
import './combobox.css';

/** Stop search waits this long after the last keystroke (spec section 9). */
export const STOP_SEARCH_DEBOUNCE_MS = 500;

export interface StopOption {
  id: number;
  label: string;
  /** The extra search name that found the stop ('Bus station' for Anykščių AS), shown under its name. */
  hint?: string | undefined;
}

export interface StopComboboxProps {
  label: string;
  value: StopOption | null;
  onChange: (stop: StopOption | null) => void;
  disabled?: boolean;
  /** A stop id never offered (the destination list drops the home station). */
  exclude?: number;
}

/**
 * The visitors' searchable, clearable stop selector (lib/use-combobox.ts: first match active,
 * arrows, Enter, Escape, Tab). The server searches; while its answer for the latest text is on
 * its way, the previous answer is narrowed to what still matches.
 */
export function StopCombobox({ label, value, onChange, disabled = false, exclude }: StopComboboxProps) {
  const m = useMessages();
  const text = useComboboxText();
  const typed = text.query;
  const debounced = useDebouncedValue(typed, STOP_SEARCH_DEBOUNCE_MS);
  // An empty query (just opened, or cleared) asks for the default stops at once.
  const query = typed === '' ? '' : debounced;
  const result = usePublicQuery('searchStops', text.open ? { query } : null, { keepPrevious: true });
  const waiting = text.open && (result.status === 'loading' || query !== typed);

  // Narrowed while waiting, so Enter never picks a stop the visitor has typed away from.
  const options = useMemo<StopOption[]>(() => {
    const all = (result.data ?? [])
      .filter((stop: FoundStop) => stop.id !== exclude)
      .map((stop: FoundStop) => ({ id: stop.id, label: stopLabel(stop), hint: stop.matchedName }));
    if (!waiting || typed === '') return all;
    // Only what still fits the text (case, accents and word endings aside: the first four
    // letters of each word), so Enter never picks a stop typed away from; the server's answer
    // (core stop-search.ts, too large for the first load) follows within half a second.
    const starts = foldText(typed)
      .split(/[\s,.()-]+/)
      .filter((word) => word !== '')
      .map((word) => word.slice(0, 4));
    return all.filter((option) => {
      const names = foldText(`${option.label} ${option.hint ?? ''}`);
      return starts.every((start) => names.includes(start));
    });
  }, [result.data, exclude, waiting, typed]);

  const combo = useCombobox(text, {
    options,
    chosenIndex: options.findIndex((o) => o.id === value?.id),
    chosenLabel: value?.label ?? '',
    onPick: (option) => {
      if (option.id !== value?.id) onChange(option);
    },
  });
  const labelId = `${combo.inputId}-label`;

  function clear() {
    onChange(null);
    text.type('');
    combo.focus();
  }

  let status = '';
  if (text.open && waiting && options.length === 0) status = m.app.loading;
  else if (text.open && !waiting && result.status === 'success')
    status = options.length === 0 ? m.header.noStops : m.header.stopsFound(options.length);
  else if (text.open && result.status === 'error') status = m.header.noStops;

  return (
    <div className="combo" data-disabled={disabled || undefined}>
      <label className="combo-label" id={labelId} htmlFor={combo.inputId}>
        {label}
      </label>
      <div className="combo-field">
        <input
          {...combo.inputProps}
          className="input combo-input"
          // Disabled, the box says why (only the destination ever is: it needs the home station).
          placeholder={disabled ? m.now.toDisabled : m.header.searchPlaceholder}
          disabled={disabled}
        />
        {!disabled && (value !== null || text.text !== '') && (
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
      <div
        {...combo.listProps}
        role="listbox"
        className="combo-list"
        aria-labelledby={labelId}
        hidden={!combo.listVisible}
      >
        {options.map((option, index) => (
          // Options are never focused themselves: the input handles the keys (ARIA combobox pattern).
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          <div
            role="option"
            key={option.id}
            {...combo.optionProps(index)}
            className="combo-option"
            data-current={option.id === value?.id || undefined}
          >
            {option.label}
            {option.hint && <span className="combo-hint">{option.hint}</span>}
          </div>
        ))}
      </div>
      <div className={combo.listVisible || !status ? 'sr-only' : 'combo-status'} role="status">
        {status}
      </div>
    </div>
  );
}
