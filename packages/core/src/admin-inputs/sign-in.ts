import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { englishMessage, serverMessage } from '../server-messages.ts';

// Sign-in

const required = { error: MESSAGES.required };

/**
 * The longest user name and password a sign-in takes, in characters (hardening): anything
 * longer is refused before the password is hashed, a failure is recorded or anything is logged.
 */
export const SIGN_IN_LIMITS = { username: 100, password: 1000 } as const;

export const SIGN_IN_MESSAGES = {
  usernameTooLong: englishMessage(serverMessage('usernameTooLong', { max: SIGN_IN_LIMITS.username })),
  passwordTooLong: englishMessage(serverMessage('passwordTooLong', { max: SIGN_IN_LIMITS.password })),
};

/** More than `max` characters (code points), without spreading a huge text. */
function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  return [...text].length > max;
}

export const SignInInput = z
  .object(
    {
      // maxLength here only documents the limit (OpenAPI); the check below enforces it.
      username: z.string(required).trim().min(1, required).meta({ maxLength: SIGN_IN_LIMITS.username }),
      // Not trimmed: spaces may be part of a password; a blank one is still "missing".
      password: z
        .string(required)
        .refine((p) => p.trim() !== '', required)
        .meta({ maxLength: SIGN_IN_LIMITS.password }),
    },
    required,
  )
  // On the whole input (no field path), so tRPC and the old REST path send the same words.
  .superRefine(({ username, password }, ctx) => {
    if (longerThan(username, SIGN_IN_LIMITS.username))
      ctx.addIssue({ code: 'custom', message: SIGN_IN_MESSAGES.usernameTooLong, path: [] });
    if (longerThan(password, SIGN_IN_LIMITS.password))
      ctx.addIssue({ code: 'custom', message: SIGN_IN_MESSAGES.passwordTooLong, path: [] });
  });
export type SignInInput = z.infer<typeof SignInInput>;
