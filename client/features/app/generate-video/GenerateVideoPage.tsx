import { Badge, Box, Button, Card, Group, SegmentedControl, Slider, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceTv, IconDownload, IconMovie } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { ASPECT_RATIOS, PROMPT_MAX, VIDEO_DURATIONS, ZCreateVideo, type AspectRatio } from '../../../../shared/schemas/generations';
import { usePageTitle } from '../../site/pageTitle';
import { trpc } from '../../../lib/trpc';
import { zod4Resolver } from '../../../lib/zodResolver';
import { useSession } from '../../auth/useSession';
import { loadActiveJob, saveActiveJob } from '../../generation/activeJob';
import { downloadOne, GENERATED_VIDEO_NAME, useDownloads } from '../../generation/download';
import { useProviderName } from '../../generation/useGeneration';
import { GenerateActions } from '../../generation/GenerateActions';
import { FramedConsentModal } from '../../generation/FramedConsentModal';
import { GenerateScreen } from '../../generation/GenerateScreen';
import { GenerationResult } from '../../generation/GenerationResult';
import { PhotoStep } from '../../generation/PhotoStep';
import { ResultPlaceholder } from '../../generation/ResultPlaceholder';
import { StepTitle } from '../../generation/StepTitle';
import { readPhotoRouteState } from '../../generation/types';
import { useGenerationRun } from '../../generation/useGenerationRun';
import { VideoPlayer } from '../../generation/VideoPlayer';
import { useSite } from '../../site/useSite';
import { perLanguage } from '../../../../shared/messages/localize';
import { CutoutPanel } from '../../generation/editor/CutoutPanel';
import { SceneControls, UnderstoodWords } from '../../common/SceneControls';
import type { SceneControls as Controls } from '../../../../shared/schemas/generations';

const ASPECT_LABELS: Record<AspectRatio, string> = perLanguage(() => ({
  '16:9': M.generation.aspectLandscape,
  '9:16': M.generation.aspectPortrait,
}));
/** The prompt is checked by the procedure's own schema (the server checks it again with the same one). */
const ZPromptForm = ZCreateVideo.pick({ prompt: true });
const DURATION_MARKS = Array.from({ length: VIDEO_DURATIONS.max - VIDEO_DURATIONS.min + 1 }, (_, i) => {
  const value = VIDEO_DURATIONS.min + i;
  return { value, label: String(value) };
});

/** /app/generate-video: photo (or the one handed over from the image screen, docs/decisions.md D16) → one 1080p MP4. */
export default function GenerateVideoPage() {
  usePageTitle(M.titles.generateVideo);
  const provider = useProviderName();
  const { user } = useSession();
  const { site } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const cost = site.videoCreditCost;

  // docs/decisions.md D16: a photo handed over from the image results wins over what this tab had before.
  const [handedOver] = useState(() => readPhotoRouteState(location.state));
  const [saved] = useState(() => (handedOver ? null : loadActiveJob('video', user?.id)));
  const form = useForm({ initialValues: { prompt: saved?.prompt ?? '' }, validate: zod4Resolver(ZPromptForm) });
  const prompt = form.values.prompt;
  const [duration, setDuration] = useState<number>(saved?.duration ?? VIDEO_DURATIONS.default);
  const [aspect, setAspect] = useState<AspectRatio>(saved?.aspectRatio ?? '16:9');
  // The same scene controls as images: the local studio stages the video on the same scene.
  const [controls, setControls] = useState<Controls>({});
  /** The cut-out the panel shows for the photo: the run names it (issue 37). */
  const [cut, setCut] = useState<{ uploadId: string; cutoutId: string } | null>(null);
  const create = trpc.generations.createVideo.useMutation();
  const run = useGenerationRun({
    create,
    cost,
    successText: M.generation.videoDone,
    incompleteText: M.generation.needPhoto,
    fieldOrder: ['prompt', 'duration', 'aspectRatio'],
    initial: { photo: handedOver ?? saved?.photo ?? null, jobId: saved?.jobId ?? null, jobPhoto: null },
  });
  const { photo, jobId, running, completed } = run;
  const downloads = useDownloads();

  useEffect(() => {
    if (user) saveActiveJob('video', { userId: user.id, jobId, jobPhoto: null, photo, prompt, duration, aspectRatio: aspect });
  }, [user, jobId, photo, prompt, duration, aspect]);

  // Consume the hand-over once: a reload must not override what the user did since.
  useEffect(() => {
    if (handedOver) void navigate('.', { replace: true, state: null });
  }, [handedOver, navigate]);

  function generate() {
    if (form.validate().hasErrors) return; // the field shows why
    void run.start((chosen) => ({
      uploadId: chosen.uploadId,
      prompt: prompt.trim(),
      duration,
      aspectRatio: aspect,
      ...(Object.keys(controls).length ? { scene: controls } : {}),
      ...(cut?.uploadId === chosen.uploadId ? { cutoutId: cut.cutoutId } : {}),
    }));
  }

  const resultAspect: AspectRatio = completed?.type === 'video' ? completed.parameters.aspectRatio : '16:9';

  const videoUrl = completed?.outputs[0];

  function downloadVideo() {
    if (!videoUrl) return;
    void downloads.run('video', () => downloadOne({ url: videoUrl, name: GENERATED_VIDEO_NAME }), M.generation.videoDownloaded);
  }

  const result = (
    <GenerationResult
      run={run}
      kind="video"
      placeholder={<ResultPlaceholder icon={IconMovie} text={M.generation.videoPlaceholder} hint={M.generation.expectedVideo} />}
    >
      {videoUrl && (
        <Card>
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Title order={2} fz="lg">
                {M.generation.videoResultTitle}
              </Title>
              <Button leftSection={<IconDownload size={16} />} onClick={downloadVideo} loading={downloads.busy === 'video'}>
                {M.generation.downloadVideo}
              </Button>
            </Group>
            <VideoPlayer src={videoUrl} aspectRatio={resultAspect} />
          </Stack>
        </Card>
      )}
    </GenerationResult>
  );

  return (
    <GenerateScreen title={M.titles.generateVideo} subtitle={M.generation.videoSubtitle} result={result} resultRef={run.resultRef}>
      <PhotoStep run={run} note={handedOver && photo?.uploadId === handedOver.uploadId ? M.generation.photoFromImage : undefined} />
      {/* The same cut-out state and editor as the image screen, before anything is charged. */}
      {photo && <CutoutPanel photo={photo} disabled={running} onCutout={setCut} />}
      <FramedConsentModal opened={run.askingFramed} costText={M.studio.framedCost(cost)} onAnswer={run.answerFramed} />

      <Stack gap="sm">
        <StepTitle n={2}>{M.generation.stepSettings}</StepTitle>
        <Textarea
          label={M.generation.videoPromptLabel}
          placeholder={M.generation.videoPromptPlaceholder}
          autosize
          minRows={3}
          maxRows={7}
          maxLength={PROMPT_MAX}
          {...form.getInputProps('prompt')}
          disabled={running}
        />
        <UnderstoodWords prompt={prompt} offline={provider === 'local'} />
        <SceneControls value={controls} onChange={setControls} disabled={running} />
        <Box>
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={500} id="video-duration-label">
              {M.generation.durationLabel}
            </Text>
            <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
              {M.generation.durationValue(duration)}
            </Badge>
          </Group>
          <Slider
            min={VIDEO_DURATIONS.min}
            max={VIDEO_DURATIONS.max}
            step={1}
            value={duration}
            onChange={setDuration}
            marks={DURATION_MARKS}
            label={(v) => M.generation.durationValue(v)}
            disabled={running}
            thumbLabel={M.generation.durationLabel}
            mb="lg"
            styles={{ markLabel: { fontSize: 11 } }}
          />
        </Box>
        <Box>
          <Text size="sm" fw={500} mb={6} id="video-aspect-label">
            {M.generation.aspectLabel}
          </Text>
          <SegmentedControl
            fullWidth
            value={aspect}
            onChange={(v) => setAspect(v as AspectRatio)}
            disabled={running}
            aria-labelledby="video-aspect-label"
            data={ASPECT_RATIOS.map((value) => ({ value, label: ASPECT_LABELS[value] }))}
          />
        </Box>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {M.generation.resolutionLabel}
          </Text>
          <Badge variant="outline" radius="sm" leftSection={<IconDeviceTv size={12} />} style={{ textTransform: 'none' }}>
            {M.generation.resolutionValue}
          </Badge>
        </Group>
      </Stack>

      <GenerateActions
        run={run}
        cost={cost}
        costNote={M.generation.videoCostNote}
        label={M.generation.generateVideo}
        onGenerate={generate}
      />
    </GenerateScreen>
  );
}
