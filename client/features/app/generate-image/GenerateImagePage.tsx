import { Button, Chip, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPhotoAi, IconRefresh } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { M } from '../../../../shared/messages/app';
import { usePageTitle } from '../../site/pageTitle';
import { trpc } from '../../../lib/trpc';
import { zod4Resolver } from '../../../lib/zodResolver';
import { useSession } from '../../auth/useSession';
import { loadActiveJob, saveActiveJob } from '../../generation/activeJob';
import { useDownloads } from '../../generation/download';
import { useProviderName } from '../../generation/useGeneration';
import { GenerateActions } from '../../generation/GenerateActions';
import { FramedConsentModal } from '../../generation/FramedConsentModal';
import { GenerateScreen } from '../../generation/GenerateScreen';
import { GenerationResult } from '../../generation/GenerationResult';
import { PhotoStep } from '../../generation/PhotoStep';
import { ResultPlaceholder } from '../../generation/ResultPlaceholder';
import { StepTitle } from '../../generation/StepTitle';
import type { PhotoRouteState } from '../../generation/types';
import { useGenerationRun } from '../../generation/useGenerationRun';
import { useSite } from '../../site/useSite';
import { CutoutPanel } from '../../generation/editor/CutoutPanel';
import { ImageResultsCard } from './ImageResultsCard';
import { SceneControls, UnderstoodWords } from '../../common/SceneControls';
import { PROMPT_MAX, ZCreateImage, type SceneControls as Controls } from '../../../../shared/schemas/generations';

const PRESETS = M.generation.presets;
/** The prompt is checked by the procedure's own schema (the server checks it again with the same one). */
const ZPromptForm = ZCreateImage.pick({ prompt: true });

/** /app/generate-image: photo + prompt (with category presets) → 4 studio images. */
export default function GenerateImagePage() {
  usePageTitle(M.titles.generateImage);
  const provider = useProviderName();
  const { user } = useSession();
  const { site } = useSite();
  const navigate = useNavigate();
  const cost = site.imageCreditCost;

  const [saved] = useState(() => loadActiveJob('image', user?.id));
  const form = useForm({ initialValues: { prompt: saved?.prompt ?? '' }, validate: zod4Resolver(ZPromptForm) });
  const prompt = form.values.prompt;
  const setPrompt = (value: string) => form.setFieldValue('prompt', value);
  const [controls, setControls] = useState<Controls>({});
  /** The cut-out the panel shows for the photo: the run names it (issue 37). */
  const [cut, setCut] = useState<{ uploadId: string; cutoutId: string } | null>(null);
  const create = trpc.generations.createImage.useMutation();
  const run = useGenerationRun({
    create,
    cost,
    successText: M.generation.imagesDone,
    incompleteText: M.generation.needPhotoAndPrompt,
    fieldOrder: ['prompt'],
    initial: { photo: saved?.photo ?? null, jobId: saved?.jobId ?? null, jobPhoto: saved?.jobPhoto ?? null },
  });
  const { photo, jobId, jobPhoto, running, completed } = run;
  const downloads = useDownloads();
  const preset = PRESETS.find((p) => p.prompt === prompt)?.value ?? null;

  useEffect(() => {
    if (user) saveActiveJob('image', { userId: user.id, jobId, jobPhoto, photo, prompt });
  }, [user, jobId, jobPhoto, photo, prompt]);

  /**
   * Without a seed the same prompt and settings give the same images; "Yeniden üret" asks for a new
   * composition with a new seed, and shows that seed under the controls' advanced section.
   */
  function regenerate() {
    const seed = Math.floor(Math.random() * 2 ** 31);
    setControls({ ...controls, seed });
    generate(seed);
  }

  function generate(seed?: number) {
    const scene = seed === undefined ? controls : { ...controls, seed };
    const valid = !form.validate().hasErrors;
    void run.start((chosen) =>
      valid
        ? {
            uploadId: chosen.uploadId,
            prompt: prompt.trim(),
            ...(preset ? { category: preset } : {}),
            ...(Object.keys(scene).length ? { scene } : {}),
            ...(cut?.uploadId === chosen.uploadId ? { cutoutId: cut.cutoutId } : {}),
          }
        : null,
    );
  }

  function toVideo() {
    const source = jobPhoto ?? photo;
    const state: PhotoRouteState = source ? { photo: source } : {};
    void navigate('/app/generate-video', { state });
  }

  const result = (
    <GenerationResult
      run={run}
      kind="image"
      placeholder={<ResultPlaceholder icon={IconPhotoAi} text={M.generation.resultsPlaceholder} hint={M.generation.expectedImage} />}
    >
      {completed && <ImageResultsCard completed={completed} downloads={downloads} onToVideo={toVideo} />}
    </GenerationResult>
  );

  return (
    <GenerateScreen title={M.titles.generateImage} subtitle={M.generation.imageSubtitle} result={result} resultRef={run.resultRef}>
      <PhotoStep run={run} />
      {photo && <CutoutPanel photo={photo} disabled={running} onCutout={setCut} />}
      <FramedConsentModal opened={run.askingFramed} costText={M.studio.framedCost(cost)} onAnswer={run.answerFramed} />

      <Stack gap="sm">
        <StepTitle n={2}>{M.generation.stepPrompt}</StepTitle>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {M.generation.presetsLabel}
          </Text>
          <Chip.Group multiple={false} value={preset} onChange={(v) => setPrompt(PRESETS.find((p) => p.value === v)?.prompt ?? prompt)}>
            <Group gap={8}>
              {PRESETS.map((p) => (
                <Chip key={p.value} value={p.value} size="sm" variant="outline" disabled={running}>
                  {p.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="xs" c="dimmed">
            {M.generation.presetsHint}
          </Text>
        </Stack>
        <Textarea
          label={M.generation.promptLabel}
          description={M.generation.promptDescription}
          placeholder={M.generation.promptPlaceholder}
          withAsterisk
          autosize
          minRows={4}
          maxRows={9}
          maxLength={PROMPT_MAX}
          {...form.getInputProps('prompt')}
          disabled={running}
        />
        <Text size="xs" c="dimmed" ta="right" mt={-6}>
          {prompt.length}/{PROMPT_MAX}
        </Text>
        <UnderstoodWords prompt={prompt} offline={provider === 'local'} />
        <SceneControls value={controls} onChange={setControls} disabled={running} />
      </Stack>

      <GenerateActions
        run={run}
        cost={cost}
        costNote={M.generation.imageCostNote}
        label={M.generation.generateImage}
        onGenerate={() => generate()}
      />
      {completed && !running && (
        <Tooltip label={M.scene.regenerateHint(cost)}>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={regenerate}>
            {M.scene.regenerate}
          </Button>
        </Tooltip>
      )}
    </GenerateScreen>
  );
}
