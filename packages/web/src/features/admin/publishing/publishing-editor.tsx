import {
  englishMessage,
  FEED_WINDOW_DAYS,
  type KeyedMessage,
  renderServerMessage,
  SavePublishingInput,
  validationProblem,
} from '@bus/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { PublishingData } from '../admin-api.tsx';
import { DebouncedInput, type DebouncedInputProps } from '../ui/debounced-input.tsx';
import { useFlushEdits } from '../ui/flush.tsx';
import { useSafeDraft } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import {
  draftToInput,
  fieldId,
  fieldProblems,
  overviewToDraft,
  type PublishingDraft,
} from './publishing-view.ts';

/** A keyed message in the language shown (the server's English until its catalogue is there). */
function useKeyedText(): (message: KeyedMessage) => string {
  const serverMessages = useServerMessages();
  return (message) =>
    serverMessages ? renderServerMessage(serverMessages, message) : englishMessage(message);
}

/** The feed settings: the site, the publisher, the feed period and each operator, saved together. */
export function PublishingEditor({ data, onSaved }: { data: PublishingData; onSaved: () => void }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const keyedText = useKeyedText();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useMemo(() => overviewToDraft(data), [data]);
  const draft = useSafeDraft<PublishingDraft, string | null>({
    key: 'publishing',
    loaded,
    version: data.savedAt,
    reload: () => queryClient.invalidateQueries({ queryKey: trpc.admin.publishing.get.queryKey() }),
  });
  const save = useMutation(trpc.admin.publishing.save.mutationOptions());
  // Each field's broken rule in words, as the last refused save found them: they stay put while
  // the user types (a message vanishing on the blur of a click on Save would move the button
  // away from under the pointer) and are checked again with the next save.
  const [refused, setRefused] = useState<ReadonlyMap<string, KeyedMessage>>(new Map());
  const [focusInvalid, setFocusInvalid] = useState(0);
  const d = draft.value;
  const problemAt = (path: string) => {
    const problem = refused.get(path);
    return problem ? keyedText(problem) : null;
  };

  useEffect(() => {
    if (focusInvalid === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    flushEdits();
    const input = draftToInput(draft.latest(), draft.baseVersion);
    const result = SavePublishingInput.safeParse(input);
    if (!result.success) {
      // Nothing is sent: the fields say what to fix, the alert names the first rule broken.
      setRefused(fieldProblems(result.error));
      setFocusInvalid((n) => n + 1);
      toasts.danger(keyedText(validationProblem(result.error)), ALERT_MS.standard);
      return;
    }
    setRefused(new Map());
    try {
      const fresh = await save.mutateAsync(input);
      draft.saved();
      queryClient.setQueryData(trpc.admin.publishing.get.queryKey(), fresh);
      toasts.success(m.validation.saved, ALERT_MS.standard);
      onSaved();
    } catch (error) {
      const text = draft.failed(error);
      if (text !== null) toasts.danger(text, ALERT_MS.standard);
    }
  };

  // The settings typed as text, and each operator's fields, in the order shown.
  const textSettings = [
    {
      key: 'siteUrl',
      label: m.publishing.siteUrl,
      hint: m.publishing.siteUrlHint,
      placeholder: m.publishing.siteUrlPlaceholder,
      type: 'url',
      autoComplete: 'url',
    },
    {
      key: 'publisherName',
      label: m.publishing.publisherName,
      hint: m.publishing.publisherNameHint,
      placeholder: m.publishing.publisherNamePlaceholder,
      autoComplete: 'organization',
    },
    {
      key: 'publisherContact',
      label: m.publishing.publisherContact,
      hint: m.publishing.publisherContactHint,
      placeholder: m.publishing.publisherContactPlaceholder,
      autoComplete: 'email',
    },
  ] as const;
  const operatorFields = [
    {
      key: 'url',
      label: m.publishing.operatorUrl,
      placeholder: m.publishing.operatorUrlPlaceholder,
      type: 'url',
    },
    {
      key: 'phone',
      label: m.publishing.operatorPhone,
      placeholder: m.publishing.operatorPhonePlaceholder,
      type: 'tel',
    },
  ] as const;

  const set = (key: 'siteUrl' | 'publisherName' | 'publisherContact' | 'windowDays') => (value: string) =>
    draft.edit((x) => {
      x[key] = value;
    });
  const setOperator = (index: number, key: 'url' | 'phone') => (value: string) =>
    draft.edit((x) => {
      const operator = x.operators[index];
      if (operator) operator[key] = value;
    });

  return (
    <form ref={formRef} className="publishing-form" noValidate onSubmit={submit}>
      {draft.notices}
      <section className="panel" aria-labelledby={`${formId}-settings`}>
        <h2 id={`${formId}-settings`}>{m.publishing.settings}</h2>
        <div className="form-grid">
          {textSettings.map(({ key, ...field }) => (
            <PublishingField
              key={key}
              path={key}
              {...field}
              value={d[key]}
              problem={problemAt(key)}
              onCommit={set(key)}
            />
          ))}
          <PublishingField
            path="windowDays"
            label={m.publishing.windowDays}
            hint={m.publishing.windowDaysHint(
              FEED_WINDOW_DAYS.min,
              FEED_WINDOW_DAYS.max,
              FEED_WINDOW_DAYS.default,
            )}
            type="number"
            inputMode="numeric"
            min={FEED_WINDOW_DAYS.min}
            max={FEED_WINDOW_DAYS.max}
            className="input--short"
            value={d.windowDays}
            problem={problemAt('windowDays')}
            onCommit={set('windowDays')}
          />
        </div>
      </section>

      <section className="panel" aria-labelledby={`${formId}-operators`}>
        <h2 id={`${formId}-operators`}>{m.publishing.operators}</h2>
        <p className="field-hint publishing__hint">{m.publishing.operatorsHint}</p>
        {d.operators.length === 0 && <p className="muted">{m.publishing.noOperators}</p>}
        {d.operators.map((operator, index) => {
          const lines = data.operators[index]?.lines ?? [];
          return (
            <fieldset key={operator.name} className="operator-row">
              <legend className="operator-row__name">{operator.name}</legend>
              <details className="usage operator-row__lines">
                <summary aria-label={m.publishing.operatorLinesOf(operator.name, lines.length)}>
                  {m.publishing.operatorLines(lines.length)}
                </summary>
                <ul>
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </details>
              <div className="form-grid">
                {operatorFields.map(({ key, ...field }) => (
                  <PublishingField
                    key={key}
                    path={`operators.${index}.${key}`}
                    {...field}
                    value={operator[key]}
                    problem={problemAt(`operators.${index}.${key}`)}
                    onCommit={setOperator(index, key)}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
      </section>

      <div className="actions-bar">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? m.common.saving : m.publishing.save}
        </button>
      </div>
    </form>
  );
}

/** A labelled field with its hint and, after a refused save, the rule it breaks. */
function PublishingField({
  path,
  label,
  hint,
  problem,
  className,
  ...rest
}: {
  /** The field's path in the save ('siteUrl', 'operators.0.url'); names its input's id. */
  path: string;
  label: string;
  hint?: string;
  problem: string | null;
} & Omit<DebouncedInputProps, 'id' | 'invalid'>) {
  const id = fieldId(path);
  const describedBy = [problem === null ? null : `${id}-problem`, hint === undefined ? null : `${id}-hint`]
    .filter((x) => x !== null)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <DebouncedInput
        {...rest}
        id={id}
        className={className}
        invalid={problem !== null}
        aria-describedby={describedBy || undefined}
      />
      {problem !== null && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
