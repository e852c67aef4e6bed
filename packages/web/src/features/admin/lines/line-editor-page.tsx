import type { Stop } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { LineFullData, LineTemplateData } from '../admin-api.tsx';
import {
  duplicateRoute,
  type LineDraft,
  lineToDraft,
  newRoute,
  routeChanges,
  validateLine,
} from '../logic/line-draft.ts';
import { tempId } from '../logic/temp-ids.ts';
import { LoadError } from '../ui/bits.tsx';
import { CheckField, SelectField, TextField } from '../ui/fields.tsx';
import { useFlushEdits } from '../ui/flush.tsx';
import { useSafeDraft } from '../ui/safe-draft.tsx';
import { isNewStop } from '../ui/stop-picker.tsx';
import { useToasts } from '../ui/toasts.tsx';
import { RouteEditor } from './route-editor.tsx';
import './line-editor.css';

/** The line's info typed as text. */
type InfoText = 'name' | 'routeStart' | 'routeEnd' | 'operator' | 'anykStationPlatform' | 'price';

/** Line editor: lines/new (no lineId) and lines/:lineId/edit. */
export function LineEditorPage({ lineId }: { lineId?: string | undefined }) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const id = Number(lineId);
  const line = useQuery({ ...trpc.admin.lines.getFull.queryOptions({ id }), enabled: lineId !== undefined });
  const template = useQuery({ ...trpc.admin.lines.empty.queryOptions(), enabled: lineId === undefined });
  const stops = useQuery(trpc.admin.stops.list.queryOptions());
  const source = lineId === undefined ? template : line;
  const heading = lineId === undefined ? m.admin.newLine : m.admin.editLine(lineId);

  const failed = source.isError || stops.isError;
  if (!failed && source.data && stops.data)
    return <LineEditor data={source.data} stops={stops.data} heading={heading} />;
  return (
    <>
      <h1>{heading}</h1>
      {failed ? <LoadError error={source.error ?? stops.error} /> : <Loading />}
    </>
  );
}

function LineEditor({
  data,
  stops,
  heading,
}: {
  data: LineFullData | LineTemplateData;
  stops: Stop[];
  heading: string;
}) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const flushEdits = useFlushEdits();
  const [, navigate] = useLocation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useMemo(() => lineToDraft(data), [data]);
  const draft = useSafeDraft<LineDraft>({
    key: `line:${data.info.id ?? 'new'}`,
    loaded,
    version: 'version' in data ? data.version : undefined,
    reload: () => queryClient.invalidateQueries({ queryKey: trpc.admin.lines.pathKey() }),
  });
  const [submitted, setSubmitted] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const save = useMutation(trpc.admin.lines.saveFull.mutationOptions());
  const d = draft.value;

  // Red outlines only after a failed save attempt (spec section 4), then live while fixing.
  const check = submitted ? validateLine(d) : null;
  const badPaths = check && !check.success ? check.paths : [];
  const invalid = (...path: (string | number)[]) => {
    const key = path.join('.');
    return badPaths.some((p) => p === key || p.startsWith(`${key}.`));
  };

  useEffect(() => {
    if (focusInvalid === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  // New stops exist only in the draft until the line is saved (then the save creates them).
  const onCreateStop = (name: string): Stop => ({
    id: tempId(),
    name,
    coords: null,
    defaultOption: false,
  });
  const newStops = useMemo(() => {
    const byId = new Map<number, Stop>();
    for (const route of d.routes)
      for (const stop of route.stops) if (stop && isNewStop(stop)) byId.set(stop.id, stop);
    return [...byId.values()];
  }, [d.routes]);
  const pickable = useMemo(() => [...newStops, ...stops], [newStops, stops]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    flushEdits();
    const result = validateLine(draft.latest());
    if (!result.success) {
      // No message and no call: the outlines say what to fix (spec section 5).
      setSubmitted(true);
      setFocusInvalid((n) => n + 1);
      return;
    }
    try {
      const { id, affectedSchedules } = await save.mutateAsync({
        ...result.data,
        // A new line has no version yet: 0.
        baseVersion: draft.baseVersion ?? 0,
      });
      draft.saved();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.lines.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.routes.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.stops.pathKey() }),
      ]);
      // The line page then links the schedules whose times followed their stops.
      navigate(
        affectedSchedules.length > 0 ? `/lines/${id}?moved=${affectedSchedules.join(',')}` : `/lines/${id}`,
      );
    } catch (error) {
      const text = draft.failed(error);
      if (text !== null) toasts.danger(text);
    }
  };

  const info = d.info;
  const setInfo = <K extends keyof LineDraft['info']>(key: K, value: LineDraft['info'][K]) =>
    draft.edit((x) => {
      x.info[key] = value;
    });
  // A text of the line's info; only a required one is outlined when wrong.
  const infoField = (key: InfoText, label: string, required = false) => (
    <TextField
      label={label}
      value={info[key]}
      required={required}
      invalid={required && invalid('info', key)}
      onCommit={(v) => setInfo(key, v)}
    />
  );
  // A note's two fields, each with its label.
  const noteFields = [
    { field: 'noteKey', label: m.lineEditor.noteKeyOf },
    { field: 'noteValue', label: m.lineEditor.noteValueOf },
  ] as const;
  const routeTypes = 'routeTypeOptions' in data ? data.routeTypeOptions : [];
  const cancelHref = info.id === null ? '/lines' : `/lines/${info.id}`;

  return (
    <form ref={formRef} id={formId} className="line-editor" noValidate onSubmit={submit}>
      <h1>{info.id === null ? heading : m.admin.editLineNamed(data.info.name ?? '')}</h1>
      {draft.notices}

      <section className="panel" aria-labelledby={`${formId}-info`}>
        <h2 id={`${formId}-info`}>{m.lineEditor.info}</h2>
        <div className="form-grid">
          {infoField('name', m.lineFields.name, true)}
          <SelectField
            label={m.lineFields.routeType}
            value={info.routeType === '' ? null : info.routeType}
            options={routeTypes.map((t) => ({ value: t, label: m.values.routeType[t] }))}
            placeholder={m.lineEditor.chooseType}
            required
            invalid={invalid('info', 'routeType')}
            onChange={(v) => setInfo('routeType', v ?? '')}
          />
          {infoField('routeStart', m.lineFields.routeStart, true)}
          {infoField('routeEnd', m.lineFields.routeEnd, true)}
          {infoField('operator', m.lineFields.operator)}
          {infoField('anykStationPlatform', m.lineFields.anykStationPlatform)}
          {infoField('price', m.lineFields.price)}
          <CheckField
            className="form-grid__check"
            label={m.lineFields.enabledSeasonalYearlyRuleFilter}
            checked={info.enabledSeasonalYearlyRuleFilter}
            onChange={(v) => setInfo('enabledSeasonalYearlyRuleFilter', v)}
          />
        </div>
      </section>

      <section className="panel" aria-labelledby={`${formId}-notes`}>
        <h2 id={`${formId}-notes`}>{m.lineEditor.notes}</h2>
        {d.notes.map((note, index) => (
          <div key={note.id} className="note-row">
            {noteFields.map(({ field, label }) => (
              <TextField
                key={field}
                label={label(index + 1)}
                value={note[field]}
                required
                invalid={invalid('info', 'customNotes', index, field)}
                onCommit={(v) =>
                  draft.edit((x) => {
                    const target = x.notes.find((n) => n.id === note.id);
                    if (target) target[field] = v;
                  })
                }
              />
            ))}
            <button
              type="button"
              className="btn btn--small btn--danger-outline note-row__remove"
              onClick={() =>
                draft.edit((x) => {
                  x.notes = x.notes.filter((n) => n.id !== note.id);
                })
              }
            >
              {m.lineEditor.removeNote(index + 1)}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn"
          onClick={() =>
            draft.edit((x) => {
              x.notes.push({ id: tempId(), noteKey: '', noteValue: '' });
            })
          }
        >
          {m.lineEditor.addNote}
        </button>
      </section>

      <section className="panel" aria-labelledby={`${formId}-routes`}>
        <h2 id={`${formId}-routes`}>{m.lineEditor.variations}</h2>
        {d.routes.length === 0 && <p className="muted">{m.lineEditor.noRoutes}</p>}
        {d.routes.map((route, index) => (
          <RouteEditor
            key={route.id}
            route={route}
            index={index}
            lineId={info.id}
            stops={pickable}
            invalid={(...path) => invalid('routes', index, ...path)}
            onCreateStop={onCreateStop}
            onChange={(change) =>
              draft.edit((x) => {
                const i = x.routes.findIndex((r) => r.id === route.id);
                const current = x.routes[i];
                if (current) x.routes[i] = change(current);
              })
            }
            onDuplicate={() =>
              draft.edit((x) => {
                const i = x.routes.findIndex((r) => r.id === route.id);
                const current = x.routes[i];
                if (current) x.routes.splice(i + 1, 0, duplicateRoute(current, m.lineEditor.copySuffix));
              })
            }
            onDelete={() =>
              draft.edit((x) => {
                x.routes = x.routes.filter((r) => r.id !== route.id);
              })
            }
          />
        ))}
        <button
          type="button"
          className="btn"
          onClick={() =>
            draft.edit((x) => {
              x.routes.push(newRoute());
            })
          }
        >
          {m.lineEditor.addRoute}
        </button>
      </section>

      <RouteChangeNotice loaded={loaded} draft={d} />
      <div className="actions-bar actions-bar--end">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? m.common.saving : m.common.save}
        </button>
        <Link href={cancelHref} className="btn">
          {m.common.cancel}
        </Link>
      </div>
    </form>
  );
}

/**
 * Said before saving: which schedules a route change touches, and that their times stay with
 * their stops while a new stop has no time until staff give one (core remapTripTimes).
 */
function RouteChangeNotice({ loaded, draft }: { loaded: LineDraft; draft: LineDraft }) {
  const m = useAdminMessages();
  const changes = routeChanges(loaded, draft);
  if (changes.length === 0) return null;
  return (
    <div className="alert alert--info route-change-notice" role="status">
      <p>{m.lineEditor.timesFollowStops}</p>
      <ul>
        {changes.map((change) => (
          <li key={change.index}>
            {m.lineEditor.routeChange(change.index + 1, change.schedules, change.newStops)}
          </li>
        ))}
      </ul>
    </div>
  );
}
