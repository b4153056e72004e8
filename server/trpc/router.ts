import { router } from './init';
import { authRouter } from '../routers/auth';
import { contentRouter } from '../routers/content';
import { creditsRouter } from '../routers/credits';
import { adminRouter } from '../routers/admin';

export const appRouter = router({
  auth: authRouter,
  content: contentRouter,
  credits: creditsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
