/**
 * Renders client components the way the app does (tRPC + TanStack Query + Mantine + router),
 * with the server replaced at the tRPC link: each procedure path answers from a handler, and
 * every call is recorded. Import this first in each `tests/client/*.test.tsx` file, which also
 * declares `// @vitest-environment jsdom` so the server tests stay in node.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { queryClient } from '../../client/lib/queryClient';
import { trpc } from '../../client/lib/trpc';
import { SITE_DEFAULTS } from '../../client/features/site/useSite';
import { cssVariablesResolver, theme } from '../../client/theme';
import type { AppRouter } from '../../server/routers';
import type { AnyProcedure } from '@trpc/server';
import type { RouterInputs, RouterOutputs } from '../../client/lib/trpc';
import { M } from '../../shared/messages/app';

// What jsdom lacks and Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};
URL.createObjectURL ??= () => 'blob:fake-preview';
URL.revokeObjectURL ??= () => {};

/** Every procedure's path (`credits.balance`, `admin.users.list`), from the router itself. */
type PathsOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends AnyProcedure ? `${P}${K}` : T[K] extends object ? PathsOf<T[K], `${P}${K}.`> : never;
}[keyof T & string];
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;
type At<T, P extends string> = P extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? At<T[H], R>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/**
 * A procedure's answer, typed by the router: the input is what the procedure takes
 * (RouterInputs) and the answer must be what it returns (RouterOutputs), so a fixture that
 * drifts from the server's shape (a GenerationView field renamed or added) fails tsc.
 */
export type Handler<P extends ProcedurePath> = (input: At<RouterInputs, P>) => At<RouterOutputs, P> | Promise<At<RouterOutputs, P>>;
export type Handlers = { [P in ProcedurePath]?: Handler<P> };
export interface Call {
  path: string;
  type: string;
  input: unknown;
}

/** The fake server: answers by procedure path; an unknown path fails the call (and is recorded). */
export function fakeServer(handlers: Handlers) {
  const calls: Call[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, type: op.type, input: op.input });
        // Live updates never arrive: the screens fall back to polling, as with a dropped socket.
        if (op.type === 'subscription') return () => {};
        let cancelled = false;
        void Promise.resolve()
          .then(() => {
            const handler = handlers[op.path as ProcedurePath] as ((input: unknown) => unknown) | undefined;
            if (!handler) throw new Error(`fake server: no answer for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              if (cancelled) return;
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (err: unknown) => {
              if (!cancelled) observer.error(err instanceof TRPCClientError ? err : TRPCClientError.from(err as Error));
            },
          );
        return () => {
          cancelled = true;
        };
      });
  const client = trpc.createClient({ links: [link] });
  return {
    client,
    calls,
    /** The inputs of every call to `path`, in order. */
    inputs: (path: string) => calls.filter((c) => c.path === path).map((c) => c.input),
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

/** `ui` at `/` inside the app's providers; `/app` shows a marker so a redirect there can be seen. */
export function renderWithApp(ui: ReactNode, server: FakeServer) {
  return render(
    <trpc.Provider client={server.client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Notifications />
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route path="/" element={ui} />
              <Route path="/app" element={<p>app-home</p>} />
              <Route path="/auth" element={<p>auth-page</p>} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

/** `content.site` as the server answers it with the built-in settings. */
export const SITE = { ...SITE_DEFAULTS, siteName: 'Vitrin AI' };

/** A signed-in seller as `auth.me` returns one. */
export const SELLER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'satici@example.com',
  fullName: 'Ayşe Satıcı',
  companyName: null,
  phone: null,
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/**
 * What the generate page reads for a signed-in seller with the 10 trial credits and an accepted
 * 1200 × 1200 cut-out of the chosen photo, on the given provider.
 */
export function generatePageAnswers(provider: 'local' | 'fal'): Handlers {
  return {
    'auth.me': () => ({ user: SELLER }),
    'content.site': () => SITE,
    'credits.balance': () => ({ balance: 10, unlimited: false, planCode: 'trial', expiresAt: null, expired: false, lowBelow: 2 }),
    'generations.provider': () => ({ name: provider }),
    'studio.current': () => ({
      id: '00000000-0000-4000-8000-0000000000c1',
      cutoutUrl: '/api/files/cutouts/c1',
      width: 1200,
      height: 1200,
      note: null,
      verdict: 'accepted',
      reasons: [],
      maskUrl: '/api/files/cutouts/c1/mask',
    }),
  };
}

/**
 * `generations.get` for an image run of the first preset's prompt: four outputs once completed (the
 * first on white), the failure's text when failed.
 */
export function imageRunView(
  id: string,
  status: 'processing' | 'completed' | 'failed',
  progress: number,
): RouterOutputs['generations']['get'] {
  const outputs = status === 'completed' ? [0, 1, 2, 3] : [];
  const prompt = M.generation.presets[0]!.prompt;
  return {
    id,
    type: 'image',
    parameters: { prompt, numImages: 4, outputFormat: 'jpeg' },
    status,
    progress,
    prompt,
    creditsUsed: 1,
    outputs: outputs.map((i) => `/api/files/generations/${id}/${i}`),
    thumbnails: outputs.map((i) => `/api/files/generations/${id}/${i}?thumb=1`),
    outputSizes: outputs.map(() => ({ width: 1024, height: 1024 })),
    outputRoles: outputs.map((i) => (i === 0 ? 'white' : 'scene')),
    cutoutId: null,
    cutoutUrl: null,
    cutoutNote: null,
    errorMessage: status === 'failed' ? 'Görsel üretilemedi' : null,
    createdAt: '2026-11-23T10:00:00.000Z',
    completedAt: status === 'processing' ? null : '2026-11-23T10:00:30.000Z',
  };
}
