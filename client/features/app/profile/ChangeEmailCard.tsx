import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from '../../../lib/zodResolver';
import { useState } from 'react';
import { M } from '../../../../shared/messages/public';
import { ZEmailChange, type TEmailChange } from '../../../../shared/schemas/accounts';
import { showFormServerError } from '../../../lib/formServerError';
import { trpc } from '../../../lib/trpc';

/** A new address takes effect only after the link sent to it is used (issue 13 (docs/history.md)). */
export function ChangeEmailCard() {
  const accountsText = M.accounts;
  const change = trpc.auth.requestEmailChange.useMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TEmailChange>({
    mode: 'uncontrolled',
    initialValues: { newEmail: '', password: '' },
    validate: zod4Resolver(ZEmailChange),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = ZEmailChange.parse(values);
    try {
      await change.mutateAsync(parsed);
      form.reset();
      setSentTo(parsed.newEmail);
    } catch (err) {
      showFormServerError(form, err);
    }
  });

  return (
    <Card mt="lg">
      <Title order={3} fz="lg">
        {accountsText.changeEmailTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {accountsText.changeEmailSubtitle}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {sentTo && (
            <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
              {accountsText.changeEmailSent(sentTo)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={accountsText.newEmail}
              type="email"
              autoComplete="email"
              withAsterisk
              leftSection={<IconAt size={16} stroke={1.7} />}
              key={form.key('newEmail')}
              {...form.getInputProps('newEmail')}
            />
            <PasswordInput
              label={M.profile.currentPassword}
              autoComplete="current-password"
              withAsterisk
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={change.isPending}>
              {accountsText.changeEmailButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
