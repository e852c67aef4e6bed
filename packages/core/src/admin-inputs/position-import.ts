import { z } from 'zod';
import { failed, intLike, MAX_ID } from './fields.ts';
import { BaseVersion } from './versions.ts';

// Positions from a GTFS stops.txt (issue 29): the bus stops screen's preview and save.

/**
 * The most characters of a stops.txt the bus stops screen sends (a request body is at most
 * 1 MiB); a larger file (a whole country's) goes through `pnpm cli import-stop-positions
 * --from-gtfs`.
 */
export const MAX_STOPS_TXT_CHARS = 900_000;

/** The file's text; its size and contents are checked by the service, with messages naming the line. */
export const PositionImportPreviewInput = z.object({ stopsTxt: z.string(failed) }, failed);
export type PositionImportPreviewInput = z.infer<typeof PositionImportPreviewInput>;

/** At most this many positions in one save (far more stops than any district has). */
export const MAX_POSITIONS_PER_SAVE = 5000;

/**
 * The positions staff chose in the review, saved against the version of the stops the preview
 * showed (its `version`): refused when any stop was changed since.
 */
export const PositionImportApplyInput = z.object(
  {
    baseVersion: BaseVersion,
    positions: z
      .array(
        z.object(
          {
            stopId: intLike(1, MAX_ID),
            lat: z.number(failed).finite(failed),
            lon: z.number(failed).finite(failed),
          },
          failed,
        ),
        failed,
      )
      .min(1, failed)
      .max(MAX_POSITIONS_PER_SAVE, failed),
  },
  failed,
);
export type PositionImportApplyInput = z.infer<typeof PositionImportApplyInput>;
