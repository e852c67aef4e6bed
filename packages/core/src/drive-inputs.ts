import { z } from 'zod';

/**
 * What the drivers' page sends (issue 40). A position is checked here for its form (a real
 * latitude and longitude, a time in milliseconds); whether it makes sense for the trip (too far,
 * too fast, clock off) is core's live rules (live/), on the server.
 */
const latitude = z.number().finite().min(-90).max(90);
const longitude = z.number().finite().min(-180).max(180);

export const DriveNearInput = z.object({ lat: latitude, lon: longitude }).nullable();
export type DriveNearInput = z.infer<typeof DriveNearInput>;

export const DriveFindInput = z.object({
  line: z.string().trim().min(1).max(40),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Type the time as HH:MM'),
});
export type DriveFindInput = z.infer<typeof DriveFindInput>;

export const DriveTripInput = z.object({ tripId: z.number().int().positive() });
export type DriveTripInput = z.infer<typeof DriveTripInput>;

export const DriveReportInput = z.object({
  tripId: z.number().int().positive(),
  /** When the position was taken, ms since 1970 (the Geolocation API's timestamp). */
  at: z.number().int().nonnegative(),
  lat: latitude,
  lon: longitude,
  accuracy: z.number().finite().nonnegative().nullable(),
  heading: z.number().finite().min(0).max(360).nullable(),
});
export type DriveReportInput = z.infer<typeof DriveReportInput>;
