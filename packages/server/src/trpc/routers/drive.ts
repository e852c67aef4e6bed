import { DriveFindInput, DriveNearInput, DriveReportInput, DriveTripInput } from '@bus/core';
import {
  currentDriving,
  reportPosition,
  startDriving,
  stopDriving,
  tripsByLineAndTime,
  tripsNear,
} from '../../live/driving.ts';
import { driverProcedure, router } from '../init.ts';

/** The drivers' page /drive (issue 40): every call needs a driver's account (ROLE_DRIVER). */
export const driveRouter = router({
  near: driverProcedure.input(DriveNearInput).query(({ ctx, input }) => tripsNear(ctx.read(), input)),
  find: driverProcedure
    .input(DriveFindInput)
    .query(({ ctx, input }) => tripsByLineAndTime(ctx.read(), input.line, input.time)),
  current: driverProcedure.query(({ ctx }) => currentDriving(ctx.live, ctx.read(), ctx.driver)),
  start: driverProcedure
    .input(DriveTripInput)
    .mutation(({ ctx, input }) => startDriving(ctx.live, ctx.read(), ctx.driver, input.tripId)),
  report: driverProcedure
    .input(DriveReportInput)
    .mutation(({ ctx, input }) => reportPosition(ctx.live, ctx.read(), ctx.driver, input)),
  stop: driverProcedure.input(DriveTripInput).mutation(({ ctx, input }) => {
    stopDriving(ctx.live, ctx.read(), ctx.driver, input.tripId);
    return { stopped: true };
  }),
});
