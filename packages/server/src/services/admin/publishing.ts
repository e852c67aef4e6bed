import { type Clock, DomainError, type SavePublishingInput, serverMessage } from '@bus/core';
import { getPublishingSettings, type OpenedDatabase, putPublishingSettings } from '@bus/db';
import { refuseWhileImporting, vilniusStamp } from './recorded-write.ts';

/**
 * The Publishing screen's settings. They change what the feed says about the publisher and the
 * operators, never what visitors see, so they are not part of the timetable's history; a save
 * from settings older than the stored ones is still refused, so two editors cannot overwrite
 * each other unseen.
 */
export async function savePublishing(
  db: OpenedDatabase,
  clock: Clock,
  input: SavePublishingInput,
): Promise<void> {
  refuseWhileImporting(db);
  await db.kysely.transaction().execute(async (trx) => {
    const stored = await getPublishingSettings(trx);
    if (stored.savedAt !== input.baseSavedAt) {
      throw new DomainError(
        'CONFLICT',
        serverMessage('stale', {
          subject: { kind: 'publishing' },
          username: null,
          at: stored.savedAt === null ? null : vilniusStamp(stored.savedAt),
        }),
        { reason: 'stale', username: null, at: stored.savedAt },
      );
    }
    // Operators no line names any more are kept: a line may come back with its operator.
    const given = new Set(input.operators.map((o) => o.name));
    const operators = [
      ...input.operators.filter((o) => o.url !== null || o.phone !== null),
      ...stored.settings.operators.filter((o) => !given.has(o.name)),
    ];
    let savedAt = clock().toISOString();
    // Two saves within one millisecond would share a version; the later one moves on by one.
    if (stored.savedAt !== null && savedAt <= stored.savedAt)
      savedAt = new Date(Date.parse(stored.savedAt) + 1).toISOString();
    await putPublishingSettings(
      trx,
      {
        siteUrl: input.siteUrl,
        publisherName: input.publisherName,
        publisherContact: input.publisherContact,
        operators,
        windowDays: input.windowDays,
      },
      savedAt,
    );
  });
}
