import { useEffect, useRef } from 'react';

/**
 * On a stacked (phone) layout the result panel sits below the form: when the run starts or
 * ends, scroll it into view unless it is already visible. The first render never scrolls.
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
    if (top > window.innerHeight - 120 || top < 0) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [signal]);
  return ref;
}
