import { useEffect, useRef } from 'react';

/**
 * On a stacked (phone) layout the result panel sits below the form: when the run starts or
 * ends, scroll it up into view unless it is already in the upper half of the screen. The
 * first render never scrolls. Give the element a scroll-margin-top for the fixed header.
 */
export function useRevealOnChange<T extends HTMLElement = HTMLDivElement>(signal: string) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = ref.current;
    if (!el) return;
    const { top } = el.getBoundingClientRect();
    if (top > window.innerHeight * 0.5 || top < 0) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [signal]);
  return ref;
}
