import type { AppRouter } from '@bus/server';
import type { inferRouterOutputs } from '@trpc/server';

type Admin = inferRouterOutputs<AppRouter>['admin']['serviceChanges'];

/** A change as the list gives it: with its version and where it stands today. */
export type ChangeItem = Admin['list']['items'][number];
export type PreviewAnswer = Admin['preview'];
export interface LineChoice {
  id: number;
  name: string;
}
