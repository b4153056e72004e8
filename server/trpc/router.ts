import { router } from './init';
import { authRouter } from '../routers/auth';
import { contentRouter } from '../routers/content';
import { creditsRouter } from '../routers/credits';
import { adminRouter } from '../routers/admin';
import { generationsRouter } from '../routers/generations';
import { legalRouter } from '../routers/legal';
import { paymentsRouter } from '../routers/payments';
import { studioRouter } from '../routers/studio';
import { batchRouter } from '../routers/batch';
import { apiKeysRouter } from '../routers/api-keys';

export const appRouter = router({
  auth: authRouter,
  content: contentRouter,
  credits: creditsRouter,
  generations: generationsRouter,
  payments: paymentsRouter,
  admin: adminRouter,
  legal: legalRouter,
  studio: studioRouter,
  batch: batchRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
