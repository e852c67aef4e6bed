import { SignInInput } from '@bus/core';
import { authConfig, retryAfterOf, signIn } from '../../services/auth.ts';
import { publicProcedure, router } from '../init.ts';

export const authRouter = router({
  signIn: publicProcedure.input(SignInInput).mutation(async ({ ctx, input }) => {
    const deps = { db: ctx.db, auth: ctx.auth, clock: ctx.clock, log: ctx.log };
    try {
      return await signIn(deps, ctx.ip, input);
    } catch (error) {
      const seconds = retryAfterOf(error);
      if (seconds !== undefined) ctx.setResponseHeader('Retry-After', String(seconds));
      throw error;
    }
  }),
  config: publicProcedure.query(({ ctx }) => authConfig(ctx.auth.demo)),
});
