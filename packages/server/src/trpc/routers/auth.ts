import { SignInInput } from '@bus/core';
import { authConfig, signIn } from '../../services/auth.ts';
import { publicProcedure, router } from '../init.ts';

export const authRouter = router({
  signIn: publicProcedure
    .input(SignInInput)
    .mutation(({ ctx, input }) =>
      signIn(
        { db: ctx.db.kysely, secret: ctx.auth.secret, limiter: ctx.auth.signInLimiter, clock: ctx.clock },
        ctx.ip,
        input,
      ),
    ),
  config: publicProcedure.query(({ ctx }) => authConfig(ctx.auth.demo)),
});
