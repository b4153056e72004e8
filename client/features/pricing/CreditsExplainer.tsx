import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackage, IconPhoto, IconVideo, type Icon } from '@tabler/icons-react';
import { M } from '../../../shared/messages/public';
import classes from './Pricing.module.css';

function ExplainCard({
  icon: ItemIcon,
  title,
  value,
  text,
  bundle,
}: {
  icon: Icon;
  title: string;
  value: string;
  text: string;
  bundle?: boolean;
}) {
  return (
    <Card className={`${classes.explainCard} ${bundle ? classes.bundle : ''}`} padding="xl" shadow={bundle ? undefined : 'xs'}>
      <ThemeIcon variant={bundle ? 'gradient' : 'light'} size={44} radius="md" mb="md">
        <ItemIcon size={22} stroke={1.7} />
      </ThemeIcon>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Text>
      <Title order={3} fz={{ base: 'lg', sm: 'xl' }} mt={4} mb={6}>
        {value}
      </Title>
      <Text size="sm" c="dimmed" lh={1.6}>
        {text}
      </Text>
    </Card>
  );
}

/** docs/decisions.md D3: every cost here comes from the settings (`image_credit_cost`, `video_credit_cost`). */
export function CreditsExplainer({ imageCost, videoCost }: { imageCost: number; videoCost: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <ExplainCard
        icon={IconPhoto}
        title={M.pricing.creditImageTitle}
        value={M.pricing.creditImage(imageCost)}
        text={M.pricing.creditImageDesc}
      />
      <ExplainCard
        icon={IconVideo}
        title={M.pricing.creditVideoTitle}
        value={M.pricing.creditVideo(videoCost)}
        text={M.pricing.creditVideoDesc}
      />
      <ExplainCard
        icon={IconPackage}
        title={M.pricing.creditBundleTitle}
        value={M.pricing.creditBundle(imageCost + videoCost)}
        text={M.pricing.creditBundleDesc}
        bundle
      />
    </SimpleGrid>
  );
}
