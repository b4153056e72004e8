import type { ReactNode } from 'react';
import { InlineLoadError, LoadError } from './LoadError';

/** The part of a react-query result a load gate reads. */
export interface QueryState<T> {
  data: T | undefined;
  isError: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

/**
 * A query's content, or its load error with a retry when it failed before any data came: the one
 * gate every page and card uses. Data already shown stays on a failed refresh (a background
 * refetch must not blank the page). `inline`: the one-line alert for a card or a banner; without
 * children it is only that banner, above content that shows its own placeholders.
 */
export function QueryView<T>({
  query,
  error,
  minHeight = '30vh',
  inline = false,
  children,
}: {
  query: QueryState<T>;
  /** The Turkish text of the failed load (M.*LoadFailed / *Failed). */
  error: string;
  minHeight?: string | number;
  inline?: boolean;
  children?: ReactNode;
}) {
  if (query.isError && query.data === undefined) {
    const retry = () => void query.refetch();
    return inline ? (
      <InlineLoadError message={error} onRetry={retry} retrying={query.isFetching} />
    ) : (
      <LoadError message={error} onRetry={retry} minHeight={minHeight} />
    );
  }
  return <>{children}</>;
}
