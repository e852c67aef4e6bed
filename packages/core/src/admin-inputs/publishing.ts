import { z } from 'zod';
import { FEED_WINDOW_DAYS, isEmailAddress, isPhoneNumber, isWebAddress } from '../gtfs/publishing.ts';
import { englishMessage, serverMessage } from '../server-messages.ts';
import { failed, optionalText, requiredText, toInteger } from './fields.ts';
import { requiredField } from './versions.ts';

// The publishing screen (GTFS feed)

const webAddressMessage = (field: 'siteUrl' | 'operatorUrl' | 'publisherContact') =>
  englishMessage(serverMessage('invalidWebAddress', { field }));

/** An optional web address (blank: none); the contact may be an e-mail address instead. */
function optionalAddress(field: 'siteUrl' | 'operatorUrl' | 'publisherContact') {
  return optionalText('webAddress').transform((value, ctx) => {
    if (value === null) return null;
    if (isWebAddress(value) || (field === 'publisherContact' && isEmailAddress(value))) return value;
    ctx.issues.push({ code: 'custom', message: webAddressMessage(field), input: value });
    return z.NEVER;
  });
}

/** The publishing screen (GTFS feed): every field may stay blank until the feed is published. */
export const SavePublishingInput = z.object(
  {
    siteUrl: optionalAddress('siteUrl'),
    publisherName: optionalText('publisherName'),
    publisherContact: optionalAddress('publisherContact'),
    operators: z
      .array(
        z.object(
          {
            name: requiredText('operator'),
            url: optionalAddress('operatorUrl'),
            phone: optionalText('phone').transform((value, ctx) => {
              if (value === null || isPhoneNumber(value)) return value;
              ctx.issues.push({
                code: 'custom',
                message: englishMessage(serverMessage('invalidPhone')),
                input: value,
              });
              return z.NEVER;
            }),
          },
          failed,
        ),
        failed,
      )
      .max(200, failed),
    windowDays: z.union([z.number(failed), z.string(failed)], failed).transform((value, ctx) => {
      const n = toInteger(value);
      if (Number.isNaN(n) || n < FEED_WINDOW_DAYS.min || n > FEED_WINDOW_DAYS.max) {
        ctx.issues.push({ code: 'custom', message: FEED_WINDOW_MESSAGE, input: value });
        return z.NEVER;
      }
      return n;
    }),
    /** When the settings the editor shows were saved (null: never); a save from older ones is refused. */
    baseSavedAt: z.string(requiredField('baseSavedAt')).max(40, failed).nullable(),
  },
  failed,
);
export type SavePublishingInput = z.infer<typeof SavePublishingInput>;

const FEED_WINDOW_MESSAGE = englishMessage(
  serverMessage('feedWindowDays', { min: FEED_WINDOW_DAYS.min, max: FEED_WINDOW_DAYS.max }),
);
