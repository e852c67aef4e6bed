import { type KeyedMessage, renderServerMessage } from '@bus/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServerMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { LineSchedulesData } from '../admin-api.tsx';
import { isTripRuleMessage, type ScheduleForm, scheduleToForm } from '../logic/schedule-form.ts';
import { useSafeDraft } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';

/**
 * What the schedule editor and the timetable grid share to edit a line's schedules: the forms
 * as loaded, the safe draft of them (kept under `draftKey`; a conflict reloads the schedules),
 * the reload of everything a save of schedules changes, and the refusal of a schedule the
 * checks do not pass.
 */
export function useLineSchedulesDraft(lineId: number, data: LineSchedulesData, draftKey: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const serverMessages = useServerMessages();
  const toasts = useToasts();
  const loaded = useMemo(() => data.schedules.map(scheduleToForm), [data]);
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

  /**
   * Says which rule a schedule breaks, in the language shown (the same keyed message the server
   * would send); the trip rules stay longer, to be read.
   */
  const refuse = (refusal: { message: string; problem: KeyedMessage }) =>
    toasts.danger(
      serverMessages ? renderServerMessage(serverMessages, refusal.problem) : refusal.message,
      isTripRuleMessage(refusal.message) ? ALERT_MS.tripRules : ALERT_MS.standard,
    );

  return { loaded, draft, refresh, refuse };
}
