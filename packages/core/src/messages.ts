/**
 * Messages the server sends for validation and sign-in. The spec's texts (sections 5 and 8)
 * are copied word for word, spacing included; they are requirements, not wording choices.
 * Entries marked "ours" are texts the spec does not give.
 */
export const MESSAGES = {
  /** Login: username or password empty. */
  required: 'This field is required!',
  /** Any admin save whose input breaks a rule of spec section 5. */
  inputFailed: "Input validation failed, check if everything's entered right",
  tripCount: 'Min 1 trip per schedule, Max 2 trips per schedule',
  // The trailing space is the spec's own.
  singleTripOneWay: "Input validation failed, In single trip schedules - trip direction must be 'One way' ",
  twoTripsDirections:
    "Input validation failed, In two trip schedules - 1 trip must be 'Out bound' and the other 'City bound'",
  savedToDatabase: 'Successfully saved to the database',
  scheduleDeleted: 'The schedule has been deleted.',
  badCredentials: 'Bad credentials', // ours (the legacy contract's recommendation)
  tooManySignIns: 'Too many sign-in attempts, try again in a minute', // ours
  signInBusy: 'Many sign-ins are being checked right now, try again in a few seconds', // ours
  importRunning: 'A timetable import is running; try again in a minute', // ours (hardening issue)
  accountLocked: (minutes: number) =>
    `Too many wrong passwords for this account, try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}`, // ours
  signInRequired: 'Sign in as an administrator first', // ours: no or malformed Authorization header
  sessionInvalid: 'Your sign-in is invalid or has expired, sign in again', // ours
  adminRequired: 'This needs an administrator account', // ours
  // A schedule's validity window
  scheduleWindowOrder: "A schedule's last valid date is before its first valid date", // ours
} as const;

/**
 * The spec's validation messages in the order its rules are checked (section 5: first the
 * generic failure, then the trip count, then the trip directions). When one input breaks
 * several rules, the earliest one is reported.
 */
const VALIDATION_PRIORITY: readonly string[] = [
  MESSAGES.required,
  MESSAGES.inputFailed,
  MESSAGES.tripCount,
  MESSAGES.singleTripOneWay,
  MESSAGES.twoTripsDirections,
];

/** The one message to show for a set of validation problems; null when none is the spec's. */
export function pickValidationMessage(messages: readonly string[]): string | null {
  for (const candidate of VALIDATION_PRIORITY) if (messages.includes(candidate)) return candidate;
  return null;
}
