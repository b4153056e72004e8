import { Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import type { useBillingSummary } from '../../common/billingQueries';

function providerName(provider: string | null | undefined): string {
  return (provider && M.billing.providerNames[provider]) || provider || M.billing.providerFallback;
}

function brandName(brand: string | null): string {
  if (!brand) return M.billing.cardFallbackBrand;
  return brand.length <= 4 ? brand.toUpperCase() : brand.charAt(0).toUpperCase() + brand.slice(1);
}

/**
 * Only what the payment provider reported: brand and last four digits. When money was spent
 * but no card was reported, say the provider keeps it — never a made-up card number.
 */
export function PaymentMethodCard({ summary }: { summary: ReturnType<typeof useBillingSummary> }) {
  const s = summary.data;
  const pm = s?.paymentMethod ?? null;
  const hasCard = !!pm?.last4;

  return (
    <Card h="100%">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" color="blue" size={38} radius="md">
          <IconCreditCard size={20} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {M.billing.paymentTitle}
        </Title>
      </Group>
      {!s ? (
        summary.isError ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Skeleton h={48} />
        )
      ) : hasCard ? (
        <Stack gap="sm">
          <Paper withBorder p="md" radius="md" data-testid="payment-card">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <IconCreditCard size={26} stroke={1.5} />
                <div>
                  <Text fw={700}>{brandName(pm.brand)}</Text>
                  <Text size="sm" c="dimmed" ff="monospace">
                    {M.billing.cardEnding(pm.last4 ?? '')}
                  </Text>
                </div>
              </Group>
            </Group>
          </Paper>
          <Text size="xs" c="dimmed">
            {M.billing.managedByProvider(providerName(pm.provider))}
          </Text>
        </Stack>
      ) : s.lastPaymentProvider === 'test' ? (
        <Text size="sm" c="dimmed" data-testid="payment-test">
          {M.payments.testPaymentMethod}
        </Text>
      ) : s.totalSpentCents > 0 ? (
        <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="payment-managed">
          <IconLock size={18} stroke={1.7} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            {M.billing.managedByProvider(providerName(pm?.provider))}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="payment-none">
          {M.billing.noPaymentMethod}
        </Text>
      )}
    </Card>
  );
}
