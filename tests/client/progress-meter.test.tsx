// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GenerationProgress } from '../../client/features/generation/GenerationProgress';
import { ProgressMeter, progressPercent } from '../../client/features/generation/ProgressMeter';

const server = () => fakeServer({ 'auth.me': () => ({ user: SELLER }), 'content.site': () => SITE });

/** The bar's width as drawn (Mantine puts the value in a CSS variable) and its ARIA value. */
function barOf(root: HTMLElement) {
  const bar = within(root).getByRole('progressbar');
  return { now: bar.getAttribute('aria-valuenow'), width: bar.style.getPropertyValue('--progress-section-size') };
}

describe('run progress: the label and the bar show one number', () => {
  it.each([
    [0, '0'],
    [49.6, '50'],
    [98.7, '99'],
    [140, '100'],
    [Number.NaN, '0'],
  ])('progress %s → label, bar width and aria value all %s', (progress, pct) => {
    const { container } = renderWithApp(<ProgressMeter progress={progress} />, server());
    expect(screen.getByTestId('progress-label').textContent).toBe(`%${pct}`);
    expect(barOf(container)).toEqual({ now: pct, width: `${pct}%` });
    expect(String(progressPercent(progress))).toBe(pct);
  });

  it('the generate screen draws %99 with a bar at 99%, and its width does not lag behind the label', () => {
    const { container } = renderWithApp(<GenerationProgress kind="image" phase="processing" progress={99} />, server());
    expect(screen.getByTestId('progress-label').textContent).toBe('%99');
    expect(barOf(container)).toEqual({ now: '99', width: '99%' });
    const root = container.querySelector('.mantine-Progress-root') as HTMLElement;
    expect(root.style.getPropertyValue('--progress-transition-duration')).toBe('0ms');
  });
});
