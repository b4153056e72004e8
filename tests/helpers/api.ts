import type { AnyProcedure, inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/routers';

/**
 * The procedures of `AppRouter` by their dotted path ('generations.get'), with their input,
 * their output as it arrives over JSON, and the error shape every failure has, so the test
 * client's `query`/`mutate` are typed from the router itself.
 */
type PathsOf<Record, Kind extends string, Prefix extends string = ''> = {
  [K in keyof Record & string]: Record[K] extends AnyProcedure
    ? Record[K]['_def']['type'] extends Kind
      ? `${Prefix}${K}`
      : never
    : PathsOf<Record[K], Kind, `${Prefix}${K}.`>;
}[keyof Record & string];

type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

type Procedures = AppRouter['_def']['record'];

export type QueryPath = PathsOf<Procedures, 'query'>;
export type MutationPath = PathsOf<Procedures, 'mutation'>;
export type InputOf<P extends string> = At<inferRouterInputs<AppRouter>, P>;
export type OutputOf<P extends string> = At<inferRouterOutputs<AppRouter>, P>;
/** The `error` of every failed call (trpc/init.ts errorFormatter): the Turkish text and `data.appCode`. */
export type ApiError = inferRouterError<AppRouter>;

/**
 * One answer over HTTP. Only one of `data` (the output, on success) and `error` (on failure) is
 * there; which one, the test learns from `status` (asserted before either is read), so both are
 * typed as the router says they look when present.
 */
export type ApiResult<T> = { status: number; data: T; error: ApiError };

/** What a test calls procedures through: `HttpClient` over a server, or `CallerClient` with none. */
export interface ProcedureClient {
  cookies: Map<string, string>;
  headers: Record<string, string>;
  cookieString(): string;
  query<P extends QueryPath>(proc: P, input?: InputOf<P>): Promise<ApiResult<OutputOf<P>>>;
  queryUnchecked<P extends QueryPath>(proc: P, input: unknown): Promise<ApiResult<OutputOf<P>>>;
  mutate<P extends MutationPath>(proc: P, input?: InputOf<P>): Promise<ApiResult<OutputOf<P>>>;
  mutateUnchecked<P extends MutationPath>(proc: P, input: unknown): Promise<ApiResult<OutputOf<P>>>;
}
