import { Badge, Box, Button, Card, Divider, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import type { Plan } from '../../../shared/plans';
import { formatNumber } from '../../lib/format';
import { usePlanPrices } from './usePlanPrices';
import classes from './PlanCard.module.css';

export interface PlanCardProps {
  plan: Plan;
  /** Text of the card's button, e.g. 'Paketi Seç' or 'Mevcut Paket'. */
  buttonLabel: string;
  disabled?: boolean;
  /** Spinner on the button while the choice is being handled. */
  loading?: boolean;
  /** Marks the card as the user's current package (outline + badge). */
  current?: boolean;
  onSelect: (plan: Plan) => void;
}

/** One package (SPEC §3 Plan, §9 prices in USD): price, per-credit price, credits, features, one button. */
export function PlanCard({ plan, buttonLabel, disabled, loading, current, onSelect }: PlanCardProps) {
  const free = plan.monthlyPrice === 0;
  const prices = usePlanPrices();
  const titleId = `plan-card-${plan.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-popular={plan.popular || undefined}
      data-current={current || undefined}
      data-testid={`plan-${plan.id}`}
      shadow={plan.popular ? 'md' : 'xs'}
    >
      <Stack gap="md" h="100%">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mih={26}>
            <Title id={titleId} order={3} fz="lg">
              {plan.name}
            </Title>
            {current ? (
              <Badge variant="light" color="teal" radius="sm" className={classes.noCase}>
                {M.plans.currentPlan}
              </Badge>
            ) : (
              plan.popular && (
                <Badge variant="gradient" radius="sm" leftSection={<IconSparkles size={12} />} className={classes.noCase}>
                  {M.plans.popular}
                </Badge>
              )
            )}
          </Group>
          <Text size="sm" c="dimmed" className={classes.description}>
            {plan.description}
          </Text>
        </Stack>

        <Box>
          <Group gap={4} align="baseline" wrap="nowrap">
            <Text component="span" fz={34} fw={800} lh={1} className={classes.price}>
              {free ? M.plans.free : prices.price(plan)}
            </Text>
            {!free && (
              <Text component="span" c="dimmed" size="sm" fw={500}>
                {M.plans.perMonth}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {free ? M.pricing.trialValidity : M.plans.perCredit(prices.perCredit(plan))}
          </Text>
        </Box>

        <Box className={classes.credits}>
          <Text fw={700} size="sm">
            {M.credits.amount(formatNumber(plan.credits))}
          </Text>
        </Box>

        <Button
          fullWidth
          variant={current ? 'default' : plan.popular ? 'gradient' : free ? 'default' : 'light'}
          loading={loading}
          disabled={disabled && !loading}
          onClick={() => onSelect(plan)}
          aria-describedby={titleId}
        >
          {buttonLabel}
        </Button>

        <Divider />

        <List
          spacing={6}
          size="sm"
          center
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color="teal">
              <IconCheck size={12} stroke={2.5} />
            </ThemeIcon>
          }
        >
          {plan.features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
          {plan.limitations.map((l) => (
            <List.Item
              key={l}
              c="dimmed"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="gray">
                  <IconInfoCircle size={12} stroke={2} />
                </ThemeIcon>
              }
            >
              {l}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
