import { type ReactNode, useId } from 'react';
import { DebouncedInput, type DebouncedInputProps } from './debounced-input.tsx';

/** A labelled, debounced text field. */
export function TextField({
  label,
  value,
  onCommit,
  invalid = false,
  required = false,
  className = '',
  ...rest
}: {
  label: ReactNode;
  value: string;
  onCommit: (value: string) => void;
  invalid?: boolean;
  required?: boolean;
  className?: string;
} & Omit<DebouncedInputProps, 'value' | 'onCommit' | 'invalid' | 'id'>) {
  const id = useId();
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <DebouncedInput
        {...rest}
        id={id}
        value={value}
        invalid={invalid}
        aria-required={required || undefined}
        onCommit={onCommit}
      />
    </div>
  );
}

/** A labelled select; a choice goes to the model at once (selects have no debounce). */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  placeholder,
  onChange,
  invalid = false,
  required = false,
  className = '',
}: {
  label: ReactNode;
  value: T | null;
  options: readonly { value: T; label: string }[];
  /** The "nothing chosen" option's text; without it there is none. */
  placeholder?: string;
  onChange: (value: T | null) => void;
  invalid?: boolean;
  required?: boolean;
  className?: string;
}) {
  const id = useId();
  const index = options.findIndex((o) => o.value === value);
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={`input select${invalid ? ' is-invalid' : ''}`}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        value={index === -1 ? '' : String(index)}
        onChange={(event) => {
          const chosen = event.target.value === '' ? undefined : options[Number(event.target.value)];
          onChange(chosen ? chosen.value : null);
        }}
      >
        {(placeholder !== undefined || index === -1) && <option value="">{placeholder ?? ''}</option>}
        {options.map((option, i) => (
          <option key={String(option.value)} value={String(i)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled checkbox. */
export function CheckField({
  label,
  checked,
  onChange,
  className = '',
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`check-field ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
