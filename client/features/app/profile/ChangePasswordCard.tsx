import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { zod4Resolver } from '../../../lib/zodResolver';
import { M } from '../../../../shared/messages/public';
import { ZChangePassword, type TChangePassword } from '../../../../shared/schemas/auth';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { resetRealtime, trpc } from '../../../lib/trpc';

/** Password change: every other session of the account ends (docs/security.md property 11); this one is renewed. */
export function ChangePasswordCard() {
  const change = trpc.auth.changePassword.useMutation();
  const form = useForm<TChangePassword>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zod4Resolver(ZChangePassword),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      toastSuccess(M.profile.passwordChanged);
      // The server closed the old session's socket; reopen on the new session.
      void resetRealtime();
    } catch (err) {
      showFormServerError(form, err, M.profile.failure);
    }
  });

  return (
    <Card mt="lg">
      <Title order={3} fz="lg">
        {M.profile.passwordTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {M.profile.passwordSubtitle}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={M.profile.currentPassword}
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label={M.profile.newPassword}
              autoComplete="new-password"
              key={form.key('newPassword')}
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label={M.profile.newPasswordRepeat}
              autoComplete="new-password"
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={change.isPending} leftSection={<IconKey size={18} stroke={1.7} />}>
              {M.profile.changePassword}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
