import { Box, Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { M } from '../../../shared/messages/app';

interface SafeImageProps {
  src: string;
  alt: string;
  fit?: 'cover' | 'contain';
  /** Tried once when `src` fails (e.g. the full output when a thumbnail is missing). */
  fallbackSrc?: string;
  /** Hide the "no preview" caption (small tiles). */
  compact?: boolean;
  style?: CSSProperties;
}

/**
 * An output image that fills its box; when it cannot be loaded it becomes a neutral
 * placeholder (never a stock image from the internet).
 */
export function SafeImage({ src, alt, fit = 'cover', fallbackSrc, compact, style }: SafeImageProps) {
  const [current, setCurrent] = useState(src);
  const [failed, setFailed] = useState(false);
  const [prevSrc, setPrevSrc] = useState(src);
  if (src !== prevSrc) {
    setPrevSrc(src);
    setCurrent(src);
    setFailed(false);
  }

  if (failed) {
    return (
      <Center w="100%" h="100%" bg="var(--mantine-color-default-hover)" style={style} role="img" aria-label={alt}>
        <Stack gap={4} align="center">
          <IconPhotoOff size={compact ? 18 : 28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          {!compact && (
            <Text size="xs" c="dimmed">
              {M.history.noPreview}
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  return (
    <Box
      component="img"
      src={current}
      alt={alt}
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => {
        if (fallbackSrc && current !== fallbackSrc) setCurrent(fallbackSrc);
        else setFailed(true);
      }}
      style={{ display: 'block', width: '100%', height: '100%', objectFit: fit, ...style }}
    />
  );
}
