import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { M } from '../../../../shared/messages/admin';
import { UNLIMITED_BALANCE } from '../../../../shared/constants';
import { ZAdminSettings, type TAdminSettings } from '../../../../shared/schemas/admin';
import { showFormServerError } from '../../../lib/formServerError';
import { toastSuccess } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { FullPageLoader } from '../../common/FullPageLoader';
import { LoadError } from '../../common/LoadError';
import { AdminPageHeader } from '../common/AdminPageHeader';
import { formatDateTime } from '../../../lib/format';

const S = M.adminSettings;

const EMPTY: TAdminSettings = {
  siteName: '',
  siteDescription: '',
  supportEmail: '',
  supportPhone: '',
  contactAddress: '',
  defaultTrialCredits: 0,
  maxCreditsPerUser: 1,
  imageCreditCost: 1,
  videoCreditCost: 1,
  maintenanceMode: false,
  allowRegistrations: true,
  emailNotifications: true,
  requireEmailVerification: false,
  priceTryBasic: 1,
  priceTryStandard: 1,
  priceTryPremium: 1,
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card padding="lg">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** /admin/settings: site, credit and system settings; each takes effect at once (D23). */
export default function AdminSettingsPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.settings.list.useQuery(undefined, { staleTime: 0, refetchOnWindowFocus: false });
  const save = trpc.admin.settings.save.useMutation();
  const form = useForm<TAdminSettings>({ mode: 'controlled', initialValues: EMPTY, validate: zod4Resolver(ZAdminSettings) });

  useEffect(() => {
    if (!query.data) return;
    form.setValues(query.data.values);
    form.resetDirty(query.data.values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.dataUpdatedAt]);

  const submit = form.onSubmit(async (values) => {
    const parsed = ZAdminSettings.safeParse(values);
    if (!parsed.success) return;
    try {
      const r = await save.mutateAsync(parsed.data);
      toastSuccess(r.changed.length ? S.saved : S.noChanges);
      await utils.admin.settings.list.invalidate();
      // Brand, contact details, costs and switches are read by every page.
      void utils.content.site.invalidate();
      void utils.admin.credits.list.invalidate();
    } catch (err) {
      showFormServerError(form, err, M.admin.settingsSaveFailed);
    }
  });

  const saveButton = (
    <Button type="submit" form="admin-settings" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={!query.data || !form.isDirty()}>
      {S.save}
    </Button>
  );
  const header = <AdminPageHeader title={M.admin.navSettings} subtitle={S.subtitle} actions={saveButton} />;
  if (query.isError && !query.data) {
    return (
      <>
        {header}
        <LoadError message={M.admin.settingsLoadFailed} onRetry={() => void query.refetch()} minHeight="40vh" />
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        {header}
        <FullPageLoader minHeight="40vh" />
      </>
    );
  }

  const num = { allowDecimal: false, allowNegative: false, thousandSeparator: '.', decimalSeparator: ',' } as const;
  const last = query.data.lastChange;
  return (
    <Stack gap="md" maw={960}>
      {header}
      {last && (
        <Text size="xs" c="dimmed" mt={-12}>
          {S.lastUpdated(formatDateTime(last.at), last.by)}
        </Text>
      )}
      <form id="admin-settings" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Section title={S.siteSection}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={S.siteName} withAsterisk {...form.getInputProps('siteName')} />
                <TextInput label={S.supportEmail} type="email" withAsterisk {...form.getInputProps('supportEmail')} />
                <TextInput label={S.supportPhone} type="tel" {...form.getInputProps('supportPhone')} />
                <TextInput label={S.contactAddress} {...form.getInputProps('contactAddress')} />
              </SimpleGrid>
              <Textarea label={S.siteDescription} autosize minRows={2} maxRows={5} {...form.getInputProps('siteDescription')} />
            </Stack>
          </Section>
          <Section title={S.creditSection}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput label={S.defaultTrialCredits} description={S.defaultTrialCreditsHint} min={0} max={10_000} {...num} {...form.getInputProps('defaultTrialCredits')} />
              <NumberInput label={S.maxCreditsPerUser} description={S.maxCreditsHint} min={1} max={UNLIMITED_BALANCE} {...num} {...form.getInputProps('maxCreditsPerUser')} />
              <NumberInput label={S.imageCreditCost} description={S.imageCreditCostHint} min={1} max={1000} {...num} {...form.getInputProps('imageCreditCost')} />
              <NumberInput label={S.videoCreditCost} description={S.videoCreditCostHint} min={1} max={1000} {...num} {...form.getInputProps('videoCreditCost')} />
            </SimpleGrid>
          </Section>
          <Section title={S.paymentSection}>
            <Text size="sm" c="dimmed" mb="sm">
              {S.priceTryHint}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {(['Basic', 'Standard', 'Premium'] as const).map((p) => (
                <NumberInput
                  key={p}
                  label={S.priceTry(M.credits.planNames[p.toLowerCase()])}
                  min={1}
                  max={1_000_000}
                  prefix="₺"
                  {...num}
                  {...form.getInputProps(`priceTry${p}`)}
                />
              ))}
            </SimpleGrid>
          </Section>
          <Section title={S.systemSection}>
            <Stack gap="lg">
              <Switch size="md" color="orange" label={S.maintenanceMode} description={S.maintenanceHint} {...form.getInputProps('maintenanceMode', { type: 'checkbox' })} />
              <Switch size="md" label={S.allowRegistrations} description={S.allowRegistrationsHint} {...form.getInputProps('allowRegistrations', { type: 'checkbox' })} />
              <Switch size="md" label={S.emailNotifications} description={S.emailNotificationsHint} {...form.getInputProps('emailNotifications', { type: 'checkbox' })} />
              <Switch size="md" label={S.requireEmailVerification} description={S.requireEmailVerificationHint} {...form.getInputProps('requireEmailVerification', { type: 'checkbox' })} />
            </Stack>
          </Section>
          <Group justify="flex-end">{saveButton}</Group>
        </Stack>
      </form>
    </Stack>
  );
}
