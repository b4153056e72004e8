// @vitest-environment jsdom
import { fakeServer, renderWithApp, SELLER, SITE } from './harness';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { M } from '../../shared/messages/app';
import { UnderstoodWords } from '../../client/features/common/SceneControls';

// Issue 38 item 7: beside the understood words, the page says plainly which the offline studio cannot draw.
const api = () => fakeServer({ 'auth.me': () => ({ user: SELLER }), 'content.site': () => SITE });

describe('words the offline studio cannot draw', () => {
  it('on the offline studio: names the seller’s words it cannot draw, what it draws instead, and that the cloud model can', async () => {
    renderWithApp(<UnderstoodWords prompt="mutfakta bitkiler, deniz kenarında" offline />, api());
    const note = await screen.findByTestId('not-drawn');
    expect(within(note).getByText(M.scene.notDrawnTitle)).toBeTruthy();
    expect(within(note).getByText(M.scene.notDrawnIntro)).toBeTruthy();
    expect(within(note).getByText(M.scene.notDrawnCloud)).toBeTruthy();
    const items = within(note)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      `mutfakta: ${M.scene.notDrawn.kitchen}`,
      `bitkiler: ${M.scene.notDrawn.plants}`,
      `deniz: ${M.scene.notDrawn.sea}`,
    ]);
  });

  it('says nothing when every word is drawn, or when the cloud model runs the studio', async () => {
    renderWithApp(<UnderstoodWords prompt="beyaz mermer, sıcak ışık" offline />, api());
    expect(await screen.findByText(M.scene.understoodTitle)).toBeTruthy();
    expect(screen.queryByTestId('not-drawn')).toBeNull();
  });

  it('with the cloud model, the same prompt has no such note', async () => {
    renderWithApp(<UnderstoodWords prompt="mutfakta bitkiler" />, api());
    expect(await screen.findByText(M.scene.understoodTitle)).toBeTruthy();
    expect(screen.queryByTestId('not-drawn')).toBeNull();
  });
});
