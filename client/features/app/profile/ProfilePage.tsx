import { Alert, Avatar, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconDeviceFloppy, IconPhone, IconUser } from '@tabler/icons-react';
import { zod4Resolver } from '../../../lib/zodResolver';
import { M } from '../../../../shared/messages/public';
import { ZProfileUpdate } from '../../../../shared/schemas/auth';
import { showFormServerError } from '../../../lib/formServerError';
import { usePageTitle } from '../../site/pageTitle';
import { toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { displayName, useSession } from '../../auth/useSession';
import { PageHeader } from '../../common/PageHeader';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ChangeEmailCard } from './ChangeEmailCard';
import { StorageCard } from './StorageCard';
import { ResendVerification } from '../../auth/ResendVerification';
import { formatDate, initials } from '../../../lib/format';

type ProfileValues = {
  fullName: string;
  companyName: string;
  phone: string;
};

/** /app/profile: name, company, phone, photo storage; the e-mail changes only through a verified link. */
export default function ProfilePage() {
  usePageTitle(M.titles.profile);
  const { user } = useSession();
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const form = useForm<ProfileValues>({
    mode: 'uncontrolled',
    initialValues: {
      fullName: user?.fullName ?? '',
      companyName: user?.companyName ?? '',
      phone: user?.phone ?? '',
    },
    validate: zod4Resolver(ZProfileUpdate),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = ZProfileUpdate.safeParse(values);
    if (!parsed.success) return;
    try {
      const { user: updated } = await update.mutateAsync(parsed.data);
      utils.auth.me.setData(undefined, (old) => ({ ...old, user: updated }));
      form.setValues({ fullName: updated.fullName, companyName: updated.companyName ?? '', phone: updated.phone ?? '' });
      form.resetDirty();
      toastSuccess(M.profile.success);
    } catch (err) {
      showFormServerError(form, err, M.profile.failure);
    }
  });

  if (!user) return null;
  const initial = initials(displayName(user), 1);

  return (
    <Stack maw={760} gap={0}>
      <PageHeader title={M.profile.title} subtitle={M.profile.subtitle} />
      <Card>
        <Group gap="md" mb="xl" wrap="nowrap">
          <Avatar size={56} radius="xl" color="brand" variant="filled">
            {initial}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} fz="lg" truncate>
              {displayName(user)}
            </Text>
            <Text size="sm" c="dimmed">
              {M.profile.memberSince}: {formatDate(user.createdAt)}
            </Text>
          </div>
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={M.auth.fullName}
              withAsterisk
              autoComplete="name"
              leftSection={<IconUser size={16} stroke={1.7} />}
              key={form.key('fullName')}
              {...form.getInputProps('fullName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={M.auth.company}
                autoComplete="organization"
                leftSection={<IconBuildingStore size={16} stroke={1.7} />}
                key={form.key('companyName')}
                {...form.getInputProps('companyName')}
              />
              <TextInput
                label={M.auth.phone}
                type="tel"
                autoComplete="tel"
                leftSection={<IconPhone size={16} stroke={1.7} />}
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
            <TextInput label={M.auth.email} value={user.email} readOnly disabled description={M.profile.emailReadonly} />
            {!user.emailVerified && (
              <Alert color="orange" variant="light" role="status" data-testid="unverified-alert" styles={{ body: { minWidth: 0 } }}>
                <Group justify="space-between" gap="sm">
                  <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {M.accounts.unverifiedNotice}
                  </Text>
                  <ResendVerification email={user.email} variant="subtle" />
                </Group>
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}>
                {M.profile.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <StorageCard />
      <ChangeEmailCard />
      <ChangePasswordCard />
    </Stack>
  );
}
