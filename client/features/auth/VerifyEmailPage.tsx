import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { M } from '../../../shared/messages/public';
import { readAppError } from '../../lib/appError';
import { usePageTitle } from '../site/pageTitle';
import { trpc } from '../../lib/trpc';
import { FullPageLoader } from '../common/FullPageLoader';
import { AuthCard } from './AuthCard';
import { ResendVerification } from './ResendVerification';
import { useSession } from './useSession';

/** /auth/verify/:token — confirms an address (sign-up) or completes an address change (profile). */
export default function VerifyEmailPage() {
  const accountsText = M.accounts;
  usePageTitle(accountsText.verifyTitle);
  const { token = '' } = useParams();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const verify = trpc.auth.verifyEmail.useMutation({ onSuccess: () => void utils.auth.me.invalidate() });
  const [email, setEmail] = useState('');
  const started = useRef(false);
  useEffect(() => {
    // A link is single use: call once even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  if (verify.isIdle || verify.isPending)
    return (
      <AuthCard title={accountsText.verifyTitle} subtitle={accountsText.verifying}>
        <FullPageLoader minHeight={120} />
      </AuthCard>
    );
  if (verify.data) {
    return (
      <AuthCard title={accountsText.verifyTitle}>
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
            {verify.data.kind === 'changed' ? accountsText.emailChanged(verify.data.email) : accountsText.verified}
          </Alert>
          <Button component={Link} to={user ? '/app' : '/auth'} variant="light">
            {user ? accountsText.goToApp : M.auth.signInButton}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  const info = readAppError(verify.error);
  return (
    <AuthCard title={accountsText.verifyTitle}>
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          {info.message}
        </Alert>
        <TextInput
          label={M.auth.email}
          type="email"
          autoComplete="email"
          value={user?.email ?? email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          disabled={!!user}
        />
        <ResendVerification email={(user?.email ?? email).trim().toLowerCase()} />
      </Stack>
    </AuthCard>
  );
}
