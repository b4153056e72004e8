import { Box } from '@mantine/core';
import { M } from '../../../shared/messages/app';
import type { AspectRatio } from '../../../shared/constants';

/**
 * The result MP4 in a frame of its own aspect ratio (16:9 fills the width, 9:16 is
 * height-limited and centred); the server answers Range requests, so seeking works.
 */
export function VideoPlayer({ src, aspectRatio, autoPlay }: { src: string; aspectRatio: AspectRatio; autoPlay?: boolean }) {
  const portrait = aspectRatio === '9:16';
  return (
    <Box bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <Box
        mx="auto"
        style={
          portrait ? { height: 'min(70vh, 620px)', aspectRatio: '9 / 16', maxWidth: '100%' } : { width: '100%', aspectRatio: '16 / 9' }
        }
      >
        <video
          key={src}
          src={src}
          controls
          playsInline
          autoPlay={autoPlay}
          preload="metadata"
          data-testid="result-video"
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', background: 'black' }}
        >
          {M.generation.videoUnsupported}
        </video>
      </Box>
    </Box>
  );
}
