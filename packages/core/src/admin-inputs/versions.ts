import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { englishMessage, serverMessage } from '../server-messages.ts';
import { failed, intLike, MAX_ID } from './fields.ts';

// Ids of the admin reads and deletes, and the version every save and delete is made from.

export const AdminIdInput = z.object({ id: intLike(1, MAX_ID) }, failed);
export type AdminIdInput = z.infer<typeof AdminIdInput>;

/**
 * The error of a field every tRPC save or delete must send (the version it was made from):
 * missing (or, for a version number, null) is refused with a message naming the field.
 */
export function requiredField(field: 'baseVersion' | 'baseVersions' | 'baseSavedAt') {
  const missing = englishMessage(serverMessage('versionRequired', { field, lineId: null }));
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || (field !== 'baseSavedAt' && issue.input === null)
        ? missing
        : MESSAGES.inputFailed,
  };
}

/**
 * The version of what the editor loaded (the newest history entry of it; 0 when it has none,
 * and for something new). Every tRPC save and delete sends it, and one made from an older
 * version is refused. The old REST paths have no version: they are checked with the `...Fields`
 * schemas below, which leave it out, and their services are told so explicitly (UNVERSIONED).
 */
export const BaseVersion = z.number(requiredField('baseVersion')).int(failed).min(0, failed);

/**
 * What the old REST paths pass for the version they do not have: the save is not checked against
 * a version (see the services for what is checked instead).
 */
export const UNVERSIONED = 'unversioned' as const;

/** A save's input as the services take it: from tRPC with its version, or from the old REST paths without. */
export type WithVersion<T> = Omit<T, 'baseVersion'> & { baseVersion: number | typeof UNVERSIONED };

/** Deleting one thing, from the version the user saw. */
export const AdminDeleteInput = z.object({ id: intLike(1, MAX_ID), baseVersion: BaseVersion }, failed);
export type AdminDeleteInput = z.infer<typeof AdminDeleteInput>;

export const LineScopeInput = z.object({ lineId: intLike(1, MAX_ID) }, failed);
export type LineScopeInput = z.infer<typeof LineScopeInput>;

export const RuleScopeInput = z.object({ ruleId: intLike(1, MAX_ID) }, failed);
export type RuleScopeInput = z.infer<typeof RuleScopeInput>;
