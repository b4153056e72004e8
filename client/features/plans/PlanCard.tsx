import { Badge, Box, Button, Card, Divider, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCoins, IconInfoCircle, IconSparkles } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import { isFreePlan, type Plan } from '../../../shared/plans';
import { formatNumber } from '../../lib/format';
import { usePlanPrices } from './usePlanPrices';
import classes from './PlanCard.module.css';

export interface PlanCardProps {
  plan: Plan;
  /** `compact` in the app's subscription page; `showcase` (larger, popular ribbon) on /pricing. */
  layout?: 'compact' | 'showcase';
  /** Text of the card's button, e.g. 'Paketi Seç' or 'Mevcut Paket'. */
  buttonLabel: string;
  disabled?: boolean;
  /** Spinner on the button while the choice is being handled. */
  loading?: boolean;
  /** Marks the card as the user's current package (badge; outline in the compact layout). */
  current?: boolean;
  onSelect: (plan: Plan) => void;
}

/** One package: price in the install's currency with KDV included, per-credit price, credits, features, one button. */
export function PlanCard({ plan, layout = 'compact', buttonLabel, disabled, loading, current, onSelect }: PlanCardProps) {
  const free = isFreePlan(plan);
  const prices = usePlanPrices();
  const price = free ? M.plans.free : prices.price(plan);
  const showcase = layout === 'showcase';
  const titleId = `plan-card-${plan.id}`;
  const popularRibbon = showcase && plan.popular;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-layout={layout}
      data-popular={plan.popular || undefined}
      data-current={current || undefined}
      data-testid={showcase ? 'plan-card' : `plan-${plan.id}`}
      shadow={showcase ? (plan.popular ? 'xl' : 'sm') : plan.popular ? 'md' : 'xs'}
      padding={showcase ? 'xl' : undefined}
    >
      {popularRibbon && (
        <Badge className={classes.popularBadge} variant="gradient" size="lg" leftSection={<IconSparkles size={14} />}>
          {M.plans.popular}
        </Badge>
      )}
      <Stack gap={showcase ? 'lg' : 'md'} h="100%">
        <Stack gap={showcase ? 6 : 4}>
          <Group
            justify="space-between"
            align={showcase ? 'center' : undefined}
            gap={showcase ? undefined : 'xs'}
            wrap="nowrap"
            mih={showcase ? undefined : 26}
          >
            <Title id={titleId} order={3} fz={showcase ? 'xl' : 'lg'}>
              {plan.name}
            </Title>
            {current ? (
              <Badge
                variant="light"
                color="teal"
                radius={showcase ? undefined : 'sm'}
                size={showcase ? 'sm' : undefined}
                className={classes.noCase}
              >
                {M.plans.currentPlan}
              </Badge>
            ) : (
              plan.popular &&
              !popularRibbon && (
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
          <Group gap={showcase ? 6 : 4} align="baseline" wrap="wrap" data-testid={`plan-price-${plan.id}`}>
            {price === null ? (
              <Skeleton h={34} w={120} />
            ) : (
              <Text component="span" fz={showcase ? { base: 40, lg: 38 } : 34} fw={800} lh={1} className={classes.price}>
                {price}
              </Text>
            )}
            {!free && price !== null && (
              <Text component="span" c="dimmed" size={showcase ? undefined : 'sm'} fw={500}>
                {prices.suffix}
              </Text>
            )}
          </Group>
          <Text size={showcase ? 'sm' : 'xs'} c="dimmed" mt={showcase ? 8 : 6}>
            {free ? (showcase ? M.pricing.trialOnce : M.pricing.trialValidity) : M.plans.perCredit(prices.perCredit(plan) ?? '…')}
          </Text>
        </Box>

        {showcase ? (
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
        ) : (
          <Box className={classes.credits}>
            <Text fw={700} size="sm">
              {M.credits.amount(formatNumber(plan.credits))}
            </Text>
          </Box>
        )}

        <Button
          fullWidth
          size={showcase ? 'md' : undefined}
          variant={
            showcase
              ? plan.popular
                ? 'gradient'
                : 'default'
              : current
                ? 'default'
                : plan.popular
                  ? 'gradient'
                  : free
                    ? 'default'
                    : 'light'
          }
          loading={loading}
          disabled={disabled && !loading}
          onClick={() => onSelect(plan)}
          aria-describedby={titleId}
        >
          {buttonLabel}
        </Button>

        <Divider />

        {showcase ? (
          <Stack gap="sm" style={{ flex: 1 }}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
              {M.pricing.includes}
            </Text>
            <FeatureList items={plan.features} large />
            {plan.limitations.length > 0 && <FeatureList items={plan.limitations} limitation large />}
          </Stack>
        ) : (
          <Stack gap={6}>
            <FeatureList items={plan.features} />
            {plan.limitations.length > 0 && <FeatureList items={plan.limitations} limitation />}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** A package's features (teal ticks) or limitations (dimmed, grey info marks). */
function FeatureList({ items, limitation = false, large = false }: { items: readonly string[]; limitation?: boolean; large?: boolean }) {
  const Icon = limitation ? IconInfoCircle : IconCheck;
  return (
    <List
      spacing={large ? 8 : 6}
      size="sm"
      center
      mt={large && limitation ? 4 : undefined}
      c={limitation ? 'dimmed' : undefined}
      classNames={large ? { itemWrapper: classes.listItem } : undefined}
      icon={
        <ThemeIcon size={large ? 20 : 18} radius="xl" variant="light" color={limitation ? 'gray' : 'teal'}>
          <Icon size={large ? 13 : 12} stroke={limitation ? 2 : 2.5} />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
