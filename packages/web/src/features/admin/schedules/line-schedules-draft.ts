import { renderServerMessage, type ScheduleDraft } from '@bus/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminOutputs, AdminRouteData, LineSchedulesData } from '../admin-api.tsx';
import { withMembers, withSaved } from '../logic/copy-with.ts';
import {
  isTripRuleMessage,
  type ScheduleForm,
  type ScheduleWarning,
  scheduleToForm,
  scheduleWarnings,
  validateSchedule,
} from '../logic/schedule-form.ts';
import { useSafeDraft } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';

type SavedSchedulesData = AdminOutputs['schedules']['saveList'];

/** What the checks say about schedules before they are sent. */
export type ScheduleCheck =
  /** The checks of spec section 5 refuse this schedule (already said, in a toast). */
  | { kind: 'refused'; form: ScheduleForm }
  /** Times going backwards or a direction that does not fit: sent only once confirmed. */
  | { kind: 'warnings'; found: { form: ScheduleForm; warning: ScheduleWarning }[] }
  | { kind: 'ready'; forms: readonly ScheduleForm[]; drafts: ScheduleDraft[] };

/**
 * What the schedule editor and the timetable grid share to edit a line's schedules: the forms
 * as loaded, the safe draft of them (kept under `draftKey`; a conflict reloads the schedules),
 * and the one way they are saved: `check` runs the checks the server runs (and the plausibility
 * warnings), `send` saves the checked schedules in one call (one version check, one history
 * entry) and puts the stored copies in the draft and in the loaded data, with the version the
 * answer names. `refresh` reads everything a delete or a bulk change of schedules changed.
 */
export function useLineSchedulesDraft(
  lineId: number,
  data: LineSchedulesData,
  routes: readonly AdminRouteData[],
  draftKey: string,
) {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const serverMessages = useServerMessages();
  const toasts = useToasts();
  const saveList = useMutation(trpc.admin.schedules.saveList.mutationOptions());
  // The forms whose save is on its way (read-only until it returns).
  const [saving, setSaving] = useState<ReadonlySet<number>>(() => new Set());
  const loaded = useMemo(() => data.schedules.map(scheduleToForm), [data]);
  const byLineKey = trpc.admin.schedules.byLine.queryKey({ lineId });
  const draft = useSafeDraft<ScheduleForm[], number>({
    key: draftKey,
    loaded,
    version: data.version,
    reload: () => queryClient.invalidateQueries({ queryKey: trpc.admin.schedules.pathKey() }),
  });

  /** The line's schedules, the line (its version) and the rules' usage, read again. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.schedules.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.lines.getFull.queryKey({ id: lineId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.rules.pathKey() }),
    ]);

  const check = (forms: readonly ScheduleForm[], confirmed: boolean): ScheduleCheck => {
    const stopCounts = new Map(routes.map((r) => [r.id, r.stopsArr.length]));
    const drafts: ScheduleDraft[] = [];
    for (const form of forms) {
      const checked = validateSchedule(form, (routeId) => stopCounts.get(routeId));
      if (!checked.success) {
        // Which rule it breaks, in the language shown (the keyed message the server would send);
        // the trip rules stay longer, to be read.
        toasts.danger(
          serverMessages ? renderServerMessage(serverMessages, checked.problem) : checked.message,
          isTripRuleMessage(checked.message) ? ALERT_MS.tripRules : ALERT_MS.standard,
        );
        return { kind: 'refused', form };
      }
      drafts.push(checked.draft);
    }
    const found = forms.flatMap((form) =>
      scheduleWarnings(form, routes).map((warning) => ({ form, warning })),
    );
    if (found.length > 0 && !confirmed) return { kind: 'warnings', found };
    return { kind: 'ready', forms, drafts };
  };

  /**
   * The loaded data follows the save: the stored copies and the new version from the answer,
   * with no reading back. Data loaded from another version than the save's (a draft brought
   * back from an earlier visit) is read again instead. The line page and the rules page read
   * their own again when they open.
   */
  const rebase = (answer: SavedSchedulesData, sentVersion: number) => {
    const now = queryClient.getQueryData(byLineKey);
    if (now?.version !== sentVersion) {
      void queryClient.invalidateQueries({ queryKey: byLineKey });
      return;
    }
    queryClient.setQueryData(byLineKey, {
      ...now,
      schedules: withSaved(now.schedules, answer.schedules),
      version: answer.version,
    });
  };

  /**
   * Saves the checked schedules; their stored copies replace them in the draft. Answers the
   * stored id of each form sent (by its id before the save), or null when the save failed
   * (said: a conflict in the draft's notice, anything else in a toast).
   */
  const send = async ({
    forms,
    drafts,
  }: Extract<ScheduleCheck, { kind: 'ready' }>): Promise<ReadonlyMap<number, number> | null> => {
    const ids = forms.map((f) => f.id);
    const baseVersion = draft.baseVersion;
    setSaving((all) => withMembers(all, ids, true));
    try {
      const answer = await saveList.mutateAsync({ lineId, schedules: drafts, baseVersion });
      draft.saved();
      const savedAs = new Map(forms.map((f, i) => [f.id, answer.schedules[i]]));
      draft.edit((all) => {
        for (const [i, f] of all.entries()) {
          const stored = savedAs.get(f.id);
          if (stored) all[i] = scheduleToForm(stored);
        }
      });
      rebase(answer, baseVersion);
      toasts.success(m.validation.saved, ALERT_MS.standard);
      return new Map(ids.map((id) => [id, savedAs.get(id)?.id ?? id]));
    } catch (error) {
      const text = draft.failed(error);
      if (text !== null) toasts.danger(text);
      return null;
    } finally {
      setSaving((all) => withMembers(all, ids, false));
    }
  };

  return { loaded, draft, saving, check, send, refresh };
}
