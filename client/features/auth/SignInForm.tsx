import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { M } from '../../../shared/messages';
import { ZSignIn, type TSignIn } from '../../../shared/schemas/auth';
import { showFormServerError } from '../../lib/formServerError';
import { toastInfo } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { PasswordVisibility } from './passwordVisibility';
import { useCompleteSignIn } from './useCompleteSignIn';

export function SignInForm({ visibility }: { visibility: PasswordVisibility }) {
  const completeSignIn = useCompleteSignIn();
  const signIn = trpc.auth.signIn.useMutation();
  const form = useForm<TSignIn>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate: zod4Resolver(ZSignIn),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = ZSignIn.safeParse(values);
    if (!parsed.success) return;
    try {
      const { user } = await signIn.mutateAsync(parsed.data);
      completeSignIn(user, M.auth.signInSuccess);
    } catch (err) {
      showFormServerError(form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={M.auth.email}
          placeholder={M.auth.emailPlaceholder}
          type="email"
          autoComplete="email"
          withAsterisk
          leftSection={<IconAt size={16} stroke={1.7} />}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={M.auth.password}
          autoComplete="current-password"
          withAsterisk
          leftSection={<IconLock size={16} stroke={1.7} />}
          visible={visibility.visible}
          onVisibilityChange={visibility.toggle}
          visibilityToggleButtonProps={{ 'aria-label': visibility.visible ? M.auth.hidePassword : M.auth.showPassword }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label={M.auth.rememberMe} key={form.key('rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" onClick={() => toastInfo(M.auth.forgotPasswordInfo, 'forgot-password')}>
            {M.auth.forgotPassword}
          </Anchor>
        </Group>
        <Button type="submit" size="md" variant="gradient" fullWidth loading={signIn.isPending}>
          {M.auth.signInButton}
        </Button>
      </Stack>
    </form>
  );
}
