import { Card, Grid, Stack } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { PageHeader } from '../common/PageHeader';
import { PreviewModeNotice } from './PreviewModeNotice';

interface GenerateScreenProps {
  title: string;
  subtitle: string;
  /** The result column; on phones it sits below the form and is scrolled into view (useRevealOnChange). */
  result: ReactNode;
  resultRef: Ref<HTMLDivElement>;
  /** The form steps, cost box and Generate button. */
  children: ReactNode;
}

/** Frame of both generate screens: header, preview-mode notice, form card beside the result. */
export function GenerateScreen({ title, subtitle, result, resultRef, children }: GenerateScreenProps) {
  return (
    <Stack maw={1180} gap={0}>
      <PageHeader title={title} subtitle={subtitle} />
      <PreviewModeNotice />
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card>
            <Stack gap="lg">{children}</Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }} ref={resultRef} style={{ scrollMarginTop: 80 }}>
          {result}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
