import { M } from '../../../shared/messages/public';

/** The id of each layout's main region: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing a keyboard reaches on every page: jumps past the header and navigation.
 * Focus is moved by hand so the router never sees a hash change.
 */
export function SkipLink() {
  return (
    <a
      className="vitrin-skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {M.common.skipToContent}
    </a>
  );
}
