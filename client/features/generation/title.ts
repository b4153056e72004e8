import { M } from '../../../shared/messages/app';

export const TITLE_MAX = 50;

/** History and dashboard-activity title: the prompt cut at 50 characters ('…' only when cut); a fallback for an empty prompt. */
export function generationTitle(g: { prompt: string; type: string }): string {
  const prompt = g.prompt.trim().replace(/\s+/g, ' ');
  if (!prompt) return g.type === 'video' ? M.history.fallbackVideoTitle : M.history.fallbackImageTitle;
  const chars = Array.from(prompt);
  if (chars.length <= TITLE_MAX) return prompt;
  return `${chars.slice(0, TITLE_MAX).join('').trimEnd()}…`;
}
