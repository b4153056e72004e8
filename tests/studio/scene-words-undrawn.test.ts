import { describe, expect, it } from 'vitest';
import { NOT_DRAWN_OFFLINE, undrawnWords, understoodWords } from '../../shared/scene-words';
import { messagesFor } from '../../shared/messages';

// Issue 38 item 7: the words the offline studio understands but cannot draw, from one list.
describe('what the offline studio cannot draw', () => {
  it('finds plants, a kitchen, an office and the sea of a beach in a prompt, with the seller’s own words, in order', () => {
    expect(undrawnWords('Mutfak tezgâhında, yanında bitkiler olan bir sahne')).toEqual([
      { thing: 'kitchen', word: 'Mutfak' },
      { thing: 'plants', word: 'bitkiler' },
    ]);
    expect(undrawnWords('ofiste çalışma masası, pencere önünde')).toEqual([
      { thing: 'office', word: 'ofiste' },
      { thing: 'window', word: 'pencere' },
    ]);
    // "plaj" is understood (a sand surface) and named as not drawn (no sea).
    expect(understoodWords('plajda gün batımı').map((w) => w.value)).toContain('sand');
    expect(undrawnWords('plajda gün batımı')).toEqual([{ thing: 'sea', word: 'plajda' }]);
  });

  it('says nothing for what it draws: surfaces, colours, light', () => {
    expect(undrawnWords('beyaz mermer, sıcak ışık, lüks')).toEqual([]);
    expect(undrawnWords('koyu ahşap masa, sabah')).toEqual([]);
    // Whole-word entries do not catch longer words ("park " is not "parke").
    expect(undrawnWords('parke zemin')).toEqual([]);
  });

  it('every thing in the list has its text in Turkish and in English', () => {
    for (const { thing } of NOT_DRAWN_OFFLINE) {
      for (const language of ['tr', 'en'] as const) {
        const text = messagesFor(language).scene.notDrawn[thing];
        expect(text, `${language}: ${thing}`).toMatch(/\S/);
      }
      expect(messagesFor('en').scene.notDrawn[thing]).not.toBe(messagesFor('tr').scene.notDrawn[thing]);
    }
    expect(messagesFor('tr').scene.notDrawnCloud).toContain('Bulut modeli');
    expect(messagesFor('en').scene.notDrawnCloud).toContain('cloud model');
  });
});
