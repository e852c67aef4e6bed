import { type ReactNode, useId } from 'react';
import { DebouncedInput } from '../ui/debounced-input.tsx';

/** What a field's control gets: its id, what describes it, and whether a save refused it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  invalid: boolean;
}

/**
 * A labelled field of the fare rule form: the control, a hint and the problem under it
 * (aria-describedby names both; the control marks itself invalid).
 */
export function FormField({
  label,
  hint,
  problem,
  className = '',
  children,
}: {
  label: string;
  hint?: string | undefined;
  problem?: string | null | undefined;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children(controlProps(id, hint, problem))}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <Problem id={id} problem={problem} />
    </div>
  );
}

/** The props of a control with an optional hint and problem shown under it (ids `${id}-hint`, `${id}-problem`). */
export function controlProps(id: string, hint?: string | null, problem?: string | null): ControlProps {
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return { id, ...(described === '' ? {} : { 'aria-describedby': described }), invalid: Boolean(problem) };
}

/** A field's problem in words, under it (nothing when there is none). */
export function Problem({ id, problem }: { id: string; problem?: string | null | undefined }) {
  if (!problem) return null;
  return (
    <p className="field-error" id={`${id}-problem`}>
      {problem}
    </p>
  );
}

/** An amount typed in euros (or a distance in km): a short text field with the decimal keyboard. */
export function NumberText({
  value,
  onCommit,
  label,
  props,
}: {
  value: string;
  onCommit: (value: string) => void;
  /** The accessible name when no visible label names the field (a table cell). */
  label?: string;
  props: ControlProps;
}) {
  const { invalid, ...rest } = props;
  return (
    <DebouncedInput
      {...rest}
      aria-label={label}
      className="input--short"
      inputMode="decimal"
      autoComplete="off"
      invalid={invalid}
      value={value}
      onCommit={onCommit}
    />
  );
}
