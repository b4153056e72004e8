import type { GenerationView } from './generations';

/** A run as the API sees it: the web view, its mode (test key or live) and whether it ended as needs_consent. */
export type ApiRunView = GenerationView & { livemode: boolean; needsConsent: boolean };
import type { TApiGeneration } from '../../shared/schemas/api';

/** Where the API serves a run's output and a cut-out: read with the same key that started the run. */
export const apiPaths = {
  output: (generationId: string, index: number) => `/api/v1/generations/${generationId}/outputs/${index}`,
  cutout: (cutoutId: string) => `/api/v1/cutouts/${cutoutId}`,
  photo: (generationId: string) => `/api/v1/generations/${generationId}/photo`,
};

/** The id at the end of a cut-out's web URL (`/api/files/cutouts/{id}`). */
const cutoutIdOf = (webUrl: string) => webUrl.slice(webUrl.lastIndexOf('/') + 1);

/** A cut-out's API URL from its web URL (null stays null: the cut-out fell back). */
export function apiCutoutUrl(webUrl: string | null, base: string): string | null {
  return webUrl ? base + apiPaths.cutout(cutoutIdOf(webUrl)) : null;
}

/**
 * A run as the API shows it (GET /api/v1/generations/{id} and the webhook body): the web view's
 * facts with absolute URLs under /api/v1.
 */
export function toApiGeneration(v: ApiRunView, base: string): TApiGeneration {
  const cutoutUrl = apiCutoutUrl(v.cutoutUrl, base);
  return {
    id: v.id,
    type: v.type,
    // A run ended for want of a trusted cut-out (issue 34 item 9) is failed and refunded in the
    // database, as on the page; the API names it as its own state.
    status: v.needsConsent ? 'needs_consent' : v.status,
    progress: v.progress,
    prompt: v.prompt,
    creditsUsed: v.creditsUsed,
    livemode: v.livemode,
    createdAt: v.createdAt,
    ...(v.errorMessage ? { errorMessage: v.errorMessage } : {}),
    outputs: v.outputs.map((_, i) => ({
      url: base + apiPaths.output(v.id, i),
      width: v.outputSizes[i]?.width ?? null,
      height: v.outputSizes[i]?.height ?? null,
      role: v.outputRoles[i] ?? null,
    })),
    cutoutId: v.cutoutId,
    photoUrl: base + apiPaths.photo(v.id),
    ...(cutoutUrl ? { cutoutUrl } : {}),
  };
}
