import { TRPCClientError } from '@trpc/client';
import { M } from '../../shared/messages/public';

/** What the client needs to know about a failed call, whatever produced it. */
export interface AppErrorInfo {
  /** Turkish text to show as-is. */
  message: string;
  /** Stable machine code from the server (`error.data.appCode`), if any. */
  appCode?: string;
  /** Per-field Turkish messages from server-side validation. */
  fieldErrors?: Record<string, string>;
  httpStatus?: number;
  /** The request never got a tRPC answer (offline, server down, proxy error page). */
  network: boolean;
}

interface ServerErrorData {
  appCode?: unknown;
  fieldErrors?: unknown;
  httpStatus?: unknown;
}

function isRecordOfStrings(v: unknown): v is Record<string, string> {
  return typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');
}

export function readAppError(err: unknown): AppErrorInfo {
  if (err instanceof TRPCClientError) {
    const data = (err.data ?? undefined) as ServerErrorData | undefined;
    if (!data && !err.shape) {
      // No tRPC envelope: fetch itself failed (TypeError) or the answer was not tRPC JSON.
      const offline = err.cause instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
      return {
        message: offline ? M.common.connectionError : M.common.serverUnreachable,
        network: true,
      };
    }
    return {
      message: err.message || M.common.unexpected,
      appCode: typeof data?.appCode === 'string' ? data.appCode : undefined,
      fieldErrors: isRecordOfStrings(data?.fieldErrors) ? data.fieldErrors : undefined,
      httpStatus: typeof data?.httpStatus === 'number' ? data.httpStatus : undefined,
      network: false,
    };
  }
  if (err instanceof TypeError) return { message: M.common.connectionError, network: true };
  return { message: M.common.unexpected, network: false };
}

/** 4xx answers and any answer carrying an app code are final: retrying cannot change them. */
export function isFinalError(err: unknown): boolean {
  const info = readAppError(err);
  if (info.network) return false;
  if (info.appCode) return true;
  return info.httpStatus !== undefined && info.httpStatus >= 400 && info.httpStatus < 500;
}
