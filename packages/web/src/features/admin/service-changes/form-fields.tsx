import type { ReactNode } from 'react';
import { useId } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';

/**
 * The service change form's plain fields: a label, the control, a hint and the problem under it
 * (aria-describedby names both, aria-invalid marks a refused one). Typed text goes to the
 * draft at once: the form is sent as a whole, never field by field.
 */
export function Field({
  label,
  hint,
  problem,
  children,
  className = '',
}: {
  label: string;
  hint?: string | undefined;
  problem?: string | null | undefined;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(described === '' ? {} : { 'aria-describedby': described }),
        ...(problem ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem && (
        <p className="field-error" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}

export function TextInput({
  label,
  value,
  onChange,
  hint,
  problem,
  type = 'text',
  className,
  inputClassName = 'input',
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  problem?: string | null | undefined;
  type?: 'text' | 'date' | 'url';
  className?: string;
  inputClassName?: string;
  inputMode?: 'numeric' | 'text';
}) {
  return (
    <Field label={label} hint={hint} problem={problem} className={className}>
      {(props) => (
        <input
          {...props}
          type={type}
          className={`${inputClassName}${problem ? ' is-invalid' : ''}`}
          value={value}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  problem,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | null | undefined;
}) {
  return (
    <Field label={label} problem={problem}>
      {(props) => (
        <textarea
          {...props}
          className={`input sc-textarea${problem ? ' is-invalid' : ''}`}
          rows={3}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
  problem,
}: {
  label: string;
  value: T | '';
  options: readonly { value: T | ''; label: string }[];
  onChange: (value: T | '') => void;
  problem?: string | null | undefined;
}) {
  return (
    <Field label={label} problem={problem}>
      {(props) => (
        <select
          {...props}
          className={`input select${problem ? ' is-invalid' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value as T | '')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A line to choose ('Choose a line' first): the trips of the chosen one are listed below it. */
export function LineSelect({
  label,
  lineId,
  lines,
  onChange,
}: {
  label: string;
  lineId: number | null;
  lines: readonly { id: number; name: string }[];
  onChange: (lineId: number | null) => void;
}) {
  const m = useAdminMessages();
  return (
    <Select
      label={label}
      value={lineId === null ? '' : String(lineId)}
      options={[
        { value: '', label: m.serviceChanges.pickLine },
        ...lines.map((l) => ({ value: String(l.id), label: l.name })),
      ]}
      onChange={(value) => onChange(value === '' ? null : Number(value))}
    />
  );
}
