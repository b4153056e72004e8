import { Badge, Box, Button, Card, Divider, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCoins, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import type { Plan } from '../../../shared/plans';
import { formatNumber } from '../../lib/format';
import { usePlanPrices } from '../plans/usePlanPrices';
import classes from './Pricing.module.css';

interface Props {
  plan: Plan;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

/** One package card (SPEC §3 Plan, §9 prices). */
export function PlanCard({ plan, current, pending, disabled, onChoose }: Props) {
  const free = plan.monthlyPrice === 0;
  const prices = usePlanPrices();
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-popular={plan.popular || undefined}
      shadow={plan.popular ? 'xl' : 'sm'}
      padding="xl"
      data-testid="plan-card"
    >
      {plan.popular && (
        <Badge className={classes.popularBadge} variant="gradient" size="lg" leftSection={<IconSparkles size={14} />}>
          {M.plans.popular}
        </Badge>
      )}
      <Stack gap="lg" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" align="center" wrap="nowrap">
            <Title id={titleId} order={3} fz="xl">
              {plan.name}
            </Title>
            {current && (
              <Badge variant="light" color="teal" size="sm" className={classes.noCase}>
                {M.plans.currentPlan}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mih={42}>
            {plan.description}
          </Text>
        </Stack>

        <Box>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text component="span" fz={{ base: 40, lg: 38 }} fw={800} lh={1} className={classes.price}>
              {free ? M.plans.free : prices.price(plan)}
            </Text>
            {!free && (
              <Text component="span" c="dimmed" fw={500}>
                {M.plans.perMonth}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={8}>
            {free ? M.pricing.trialOnce : M.plans.perCredit(prices.perCredit(plan))}
          </Text>
        </Box>

        <Group gap={10} wrap="nowrap" className={classes.credits}>
          <ThemeIcon variant="light" size={32} radius="md" color={plan.popular ? 'brand' : 'gray'}>
            <IconCoins size={18} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={700} lh={1.3}>
              {M.credits.amount(formatNumber(plan.credits))}
            </Text>
            <Text c="dimmed" size="xs" lh={1.3}>
              {free ? M.pricing.trialValidity : M.pricing.renewsMonthly}
            </Text>
          </Stack>
        </Group>

        <Button
          fullWidth
          size="md"
          variant={plan.popular ? 'gradient' : 'default'}
          loading={pending}
          disabled={disabled && !pending}
          onClick={() => onChoose(plan)}
          aria-describedby={titleId}
        >
          {free ? M.plans.startFree : M.plans.choosePlan}
        </Button>

        <Divider />

        <Stack gap="sm" style={{ flex: 1 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
            {M.pricing.includes}
          </Text>
          <List
            spacing={8}
            size="sm"
            center
            classNames={{ itemWrapper: classes.listItem }}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color="teal">
                <IconCheck size={13} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {plan.features.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
          {plan.limitations.length > 0 && (
            <List
              spacing={8}
              size="sm"
              center
              mt={4}
              c="dimmed"
              classNames={{ itemWrapper: classes.listItem }}
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" color="gray">
                  <IconInfoCircle size={13} stroke={2} />
                </ThemeIcon>
              }
            >
              {plan.limitations.map((l) => (
                <List.Item key={l}>{l}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
