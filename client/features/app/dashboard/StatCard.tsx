import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';
import { ChangeBadge } from './ChangeBadge';
import classes from './Dashboard.module.css';

export interface StatCardProps {
  label: string;
  value: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  /** docs/decisions.md D10 change string; the caption explains what it compares. */
  change?: string;
  changeCaption?: string;
  neutralChange?: boolean;
  hint?: string;
  loading?: boolean;
  testId?: string;
}

/** One dashboard figure with its month-over-month badge. */
export function StatCard({ label, value, icon: Icon, color, change, changeCaption, neutralChange, hint, loading, testId }: StatCardProps) {
  return (
    <Card padding="md" data-testid={testId}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mih={36}>
          <Text size="sm" c="dimmed" fw={600} lh={1.3} lineClamp={2}>
            {label}
          </Text>
          <ThemeIcon variant="light" color={color} size={34} radius="md" style={{ flexShrink: 0 }} visibleFrom="xs">
            <Icon size={19} stroke={1.8} />
          </ThemeIcon>
        </Group>
        {loading ? (
          <>
            <Skeleton h={30} w="55%" />
            <Skeleton h={18} w="75%" />
          </>
        ) : (
          <>
            <Text
              fz={{ base: 22, xs: 28 }}
              fw={800}
              lh={1.1}
              className={classes.statValue}
              data-testid={testId ? `${testId}-value` : undefined}
            >
              {value}
            </Text>
            {change && (
              <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
                <ChangeBadge change={change} neutral={neutralChange} />
                {changeCaption && (
                  <Text size="xs" c="dimmed">
                    {changeCaption}
                  </Text>
                )}
              </Group>
            )}
            {hint && (
              <Text size="xs" c="dimmed" mt="auto" visibleFrom="xs">
                {hint}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
