import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { toastServerError, toastSuccess } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** "Doğrulama e-postasını yeniden gönder": rate-limited on the server, same answer for any address. */
export function ResendVerification({ email, variant = 'light' }: { email: string; variant?: 'light' | 'subtle' }) {
  const resend = trpc.auth.resendVerification.useMutation();
  return (
    <Button
      variant={variant}
      size="sm"
      // The label may wrap (and the button grow) rather than run past a phone's edge.
      h="auto"
      mih={36}
      maw="100%"
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
      leftSection={<IconMailForward size={16} />}
      loading={resend.isPending}
      disabled={!email}
      onClick={async () => {
        try {
          await resend.mutateAsync({ email });
          toastSuccess(M.accounts.verificationSent);
        } catch (err) {
          toastServerError(err);
        }
      }}
    >
      {M.accounts.resendVerification}
    </Button>
  );
}
