import { router } from '../trpc/init';
import { authRouter } from './auth';
import { contentRouter } from './content';
import { creditsRouter } from './credits';
import { adminRouter } from './admin';
import { generationsRouter } from './generations';
import { legalRouter } from './legal';
import { paymentsRouter } from './payments';
import { studioRouter } from './studio';
import { batchRouter } from './batch';
import { apiKeysRouter } from './api-keys';

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
