import type { Clock } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { AuthRuntime } from '../auth/runtime.ts';

export interface RestDeps {
  db: OpenedDatabase;
  clock: Clock;
  auth: AuthRuntime;
}
