import { foldText, matchRank, prepareQuery, type Stop, searchName, stopLabel } from '@bus/core';
import { type FocusEvent, useMemo, useRef } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useCombobox, useComboboxText } from '../../../lib/use-combobox.ts';
import '../../../components/combobox.css';
import './stop-picker.css';

/** Options listed at once; typing narrows the rest down. */
const MAX_OPTIONS = 40;

/**
 * Stops matching the query with the one stop search (core stop-search.ts: case, accents and
 * Lithuanian endings aside, abbreviations spelled out), best match first, else in list order.
 */
export function matchStops<S extends Stop & { searchNames?: readonly string[] }>(
  stops: readonly S[],
  query: string,
): S[] {
  const prepared = prepareQuery(query);
  if (prepared.folded === '') return [...stops];
  // A stop's extra search names find it as its name does.
  const rankOf = (stop: S) =>
    Math.min(
      ...[stopLabel(stop), ...(stop.searchNames ?? [])].map(
        (name) => matchRank(prepared, searchName(name)) ?? Number.POSITIVE_INFINITY,
      ),
    );
  return stops
    .map((stop, index) => ({ stop, index, rank: rankOf(stop) }))
    .filter((hit) => hit.rank !== Number.POSITIVE_INFINITY)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((hit) => hit.stop);
}

/** True for a stop the route editor will create with the line save (temporary negative id). */
export const isNewStop = (stop: Pick<Stop, 'id'>) => stop.id < 0;

export interface StopPickerProps {
  label: string;
  /** Stored stops, and new ones this editor will create on save. */
  stops: readonly Stop[];
  value: Stop | null;
  onChange: (stop: Stop | null) => void;
  /** A new stop with just this name, created when the line is saved (spec section 5). */
  onCreate: (name: string) => Stop;
  invalid?: boolean;
}

/**
 * The route editor's stop selector (lib/use-combobox.ts). Only existing stops are options, so
 * Enter always picks one; a new stop is made only through the separate "Create stop “…”"
 * button under the list (mouse, or Tab from the search), offered while no stop has the
 * typed name, and it exists only once the line is saved.
 */
export function StopPicker({ label, stops, value, onChange, onCreate, invalid = false }: StopPickerProps) {
  const m = useAdminMessages();
  const wrapRef = useRef<HTMLDivElement>(null);
  const text = useComboboxText();
  const { query } = text;
  const matches = useMemo(() => (text.open ? matchStops(stops, query) : []), [text.open, stops, query]);
  const options = useMemo(() => matches.slice(0, MAX_OPTIONS), [matches]);
  const folded = foldText(query);
  const canCreate = text.open && folded !== '' && !stops.some((s) => foldText(s.name) === folded);
  const labelOf = (stop: Stop) => (isNewStop(stop) ? m.stopPicker.newStop(stop.name) : stopLabel(stop));

  const combo = useCombobox(text, {
    options,
    chosenIndex: options.findIndex((s) => s.id === value?.id),
    chosenLabel: value ? labelOf(value) : '',
    keepOpenWithin: wrapRef,
    onPick: (stop) => {
      if (stop.id !== value?.id) onChange(stop);
    },
  });

  function create() {
    const name = query;
    text.close();
    onChange(onCreate(name));
    combo.focus();
  }

  // Focus leaving the whole picker (input, clear and create buttons) closes the list.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!(event.relatedTarget instanceof Node && wrapRef.current?.contains(event.relatedTarget)))
      text.close();
  }

  const more = matches.length - options.length;
  let status = '';
  if (text.open) {
    if (matches.length > 0) status = m.stopPicker.found(matches.length);
    else status = canCreate ? m.stopPicker.noneCreate(query) : m.stopPicker.none;
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the picker, not an interaction
    <div ref={wrapRef} className="combo combo--compact" onBlur={onBlur}>
      <label className="sr-only" htmlFor={combo.inputId}>
        {label}
      </label>
      <div className="combo-field">
        <input
          {...combo.inputProps}
          className={`input combo-input${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid || undefined}
          placeholder={m.stopPicker.placeholder}
        />
        {value !== null && (
          <button
            type="button"
            className="combo-clear"
            aria-label={m.stopPicker.clear(label)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange(null);
              combo.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div className="combo-popup" hidden={!(combo.listVisible || canCreate)}>
        <div
          {...combo.listProps}
          role="listbox"
          aria-label={label}
          className="combo-list"
          hidden={!combo.listVisible}
        >
          {options.map((stop, index) => (
            // Focus stays in the input, which names the active option (ARIA combobox pattern).
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            <div key={stop.id} role="option" {...combo.optionProps(index)} className="combo-option">
              {labelOf(stop)}
            </div>
          ))}
        </div>
        {more > 0 && (
          <div className="combo-more" aria-hidden="true">
            {m.stopPicker.more(more)}
          </div>
        )}
        {canCreate && (
          <button
            type="button"
            className="combo-create"
            onMouseDown={(event) => event.preventDefault()}
            onClick={create}
          >
            {m.stopPicker.create(query)}
          </button>
        )}
      </div>
      <div className="sr-only" role="status">
        {status}
      </div>
    </div>
  );
}
