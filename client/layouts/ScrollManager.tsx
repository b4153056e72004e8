import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * New page → top of the page. A `#hash` → smooth scroll to that element,
 * waiting briefly for lazily loaded pages to render it (e.g. /#contact).
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  // A hash link clicked again (same hash, new history entry) scrolls again; other moves do not.
  const hashVisit = hash ? key : '';

  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    let timer = 0;
    const attempt = () => {
      const el = document.getElementById(id);
      if (el) {
        el.scrollIntoView({ behavior: 'smooth', block: 'start' });
      } else if (tries++ < 30) {
        timer = window.setTimeout(attempt, 100);
      }
    };
    attempt();
    return () => window.clearTimeout(timer);
  }, [pathname, hash, hashVisit]);

  return null;
}
