import { notifications } from '@mantine/notifications';
import { readAppError } from './appError';

/** Toasts share one look; the duration (4 s) is set once on <Notifications />. */
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', withBorder: true });
}

export function toastError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true });
}

export function toastInfo(message: string, id?: string): void {
  notifications.show({ id, message, color: 'brand', withBorder: true });
}

/** Shows the server's Turkish message as-is (or the connection text on network failure). */
export function toastServerError(err: unknown): void {
  toastError(readAppError(err).message);
}
