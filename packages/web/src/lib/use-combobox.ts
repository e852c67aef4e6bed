import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/**
 * The one headless combobox of the app (ARIA 1.2 combobox with a listbox popup, list
 * autocomplete): the visitors' stop selector and the route editor's stop picker both render
 * their own markup around it. Focus stays in the input, which names the active option with
 * aria-activedescendant and handles the keys: arrows move through the options, Enter picks
 * the active one, Escape closes and restores the chosen value, Tab leaves without changing it.
 *
 * Two steps, because the options depend on the typed text: `useComboboxText()` holds what is
 * typed, the caller works out its options from `query`, then `useCombobox(text, ...)` binds
 * the keys and the markup.
 */
export interface ComboboxText {
  open: boolean;
  /** While editing, the input shows the typed text; otherwise the chosen value's label. */
  editing: boolean;
  text: string;
  /** The typed text, trimmed; '' when not editing. */
  query: string;
  setOpen: (open: boolean) => void;
  type: (text: string) => void;
  close: () => void;
}

export function useComboboxText(): ComboboxText {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  return {
    open,
    editing,
    text,
    query: editing ? text.trim() : '',
    setOpen,
    type: (next) => {
      setEditing(true);
      setText(next);
      setOpen(true);
    },
    close: () => {
      setOpen(false);
      setEditing(false);
      setText('');
    },
  };
}

export interface ComboboxOptions<T> {
  options: readonly T[];
  onPick: (option: T) => void;
  /** The option active when the list opens before anything is typed (the chosen one), or -1. */
  chosenIndex: number;
  /** Label of the chosen value, shown while not editing. */
  chosenLabel: string;
  /** A container whose elements may take focus without closing the popup (e.g. a create button). */
  keepOpenWithin?: { current: HTMLElement | null };
}

export function useCombobox<T>(text: ComboboxText, spec: ComboboxOptions<T>) {
  const { options, onPick, chosenIndex, chosenLabel } = spec;
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(-1);

  // New options while typing: the first one becomes active, so Enter picks the best match.
  // Just opened: the chosen value is active, so the arrow keys start from it.
  useEffect(() => {
    setActive(text.editing ? (options.length > 0 ? 0 : -1) : chosenIndex);
  }, [options, text.editing, chosenIndex]);

  const listVisible = text.open && options.length > 0;
  const activeIndex = listVisible && active >= 0 && active < options.length ? active : -1;
  const activeId = activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  // Keeps the active option in view when the arrow keys move past the list's edge.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function pick(option: T) {
    text.close();
    onPick(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!text.open) text.setOpen(true);
        else if (options.length > 0) setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!text.open) text.setOpen(true);
        else if (options.length > 0) setActive((i) => (i <= 0 ? 0 : i - 1));
        break;
      case 'Enter': {
        const option = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option !== undefined) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case 'Escape':
        if (text.open || text.editing) {
          event.preventDefault();
          text.close();
        }
        break;
      case 'Tab':
        if (!spec.keepOpenWithin?.current) text.close();
        break;
    }
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    const within = spec.keepOpenWithin?.current;
    if (within && event.relatedTarget instanceof Node && within.contains(event.relatedTarget)) return;
    text.close();
  }

  /** Props of the input (role combobox). */
  const inputProps = {
    ref: inputRef,
    id: inputId,
    type: 'text',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': listVisible,
    'aria-controls': listId,
    'aria-activedescendant': activeId,
    autoComplete: 'off',
    spellCheck: false,
    value: text.editing ? text.text : chosenLabel,
    onChange: (event: ChangeEvent<HTMLInputElement>) => text.type(event.target.value),
    // Focus selects the chosen name, so typing replaces it instead of being added to it.
    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
    onClick: () => text.setOpen(true),
    onKeyDown,
    onBlur,
  } as const;

  /** Props of the listbox element (the caller writes role="listbox"). */
  const listProps = { id: listId } as const;

  /** Props of the option at `index` (the caller writes role="option"; never focused itself). */
  const optionProps = (index: number) =>
    ({
      id: `${listId}-${index}`,
      'aria-selected': index === activeIndex,
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onMouseMove: () => setActive(index),
      onClick: () => pick(options[index] as T),
    }) as const;

  return {
    inputId,
    listId,
    inputRef,
    listVisible,
    activeIndex,
    inputProps,
    listProps,
    optionProps,
    /** Focus back in the input (after the clear button or a create). */
    focus: () => inputRef.current?.focus(),
  };
}
