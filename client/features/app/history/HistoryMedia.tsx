import { Box, Center, Loader, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlayFilled, IconQuestionMark } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { SafeImage } from '../../generation/SafeImage';
import { isUnfinished, type GenerationView } from '../../generation/types';
import classes from './History.module.css';

const MAX_THUMBS = 4;

/** The picture part of a history card: up to 4 thumbnails (+N), a video still, or the job's state. */
export function HistoryMedia({ item }: { item: GenerationView }) {
  if (isUnfinished(item.status)) {
    return (
      <Center className={classes.mediaState}>
        <Loader size="sm" type="dots" />
      </Center>
    );
  }
  if (item.status === 'failed') {
    return (
      <Center className={classes.mediaState}>
        <ThemeIcon size={44} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={24} stroke={1.6} />
        </ThemeIcon>
      </Center>
    );
  }
  if (item.status !== 'completed' || item.outputs.length === 0) {
    return (
      <Center className={classes.mediaState}>
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <IconQuestionMark size={24} stroke={1.6} />
        </ThemeIcon>
      </Center>
    );
  }

  if (item.type === 'video') {
    return (
      <Box className={classes.media}>
        <SafeImage src={item.thumbnails[0] ?? ''} alt={M.history.thumbAlt(1)} fit="cover" />
        <span className={classes.play} aria-hidden="true">
          <IconPlayerPlayFilled size={22} />
        </span>
      </Box>
    );
  }

  const shown = item.outputs.slice(0, MAX_THUMBS);
  const extra = item.outputs.length - shown.length;
  return (
    <Box className={classes.media} data-count={shown.length}>
      <div className={classes.thumbGrid} data-count={shown.length}>
        {shown.map((url, i) => (
          <div key={url} className={classes.thumb} data-testid="history-thumb">
            <SafeImage src={item.thumbnails[i] ?? url} alt={M.history.thumbAlt(i + 1)} fit="cover" compact />
            {extra > 0 && i === shown.length - 1 && <span className={classes.more}>{M.history.more(extra)}</span>}
          </div>
        ))}
      </div>
    </Box>
  );
}
