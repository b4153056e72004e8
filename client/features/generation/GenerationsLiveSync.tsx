import { trpc, useRealtimeEpoch, type RouterOutputs } from '../../lib/trpc';
import { useSession } from '../auth/useSession';
import type { GenerationView } from './types';

type ListPage = RouterOutputs['generations']['list'];

/**
 * Applies `generations.onUpdate` to the react-query cache: the job's `generations.get` entry
 * and every cached history page. Mounted once in the customer layout; re-subscribes after
 * every identity change (see resetRealtime).
 */
export function GenerationsLiveSync() {
  const { user } = useSession();
  const epoch = useRealtimeEpoch();
  if (!user) return null;
  return <GenerationsSubscription key={`${user.id}:${epoch}`} />;
}

function GenerationsSubscription() {
  const utils = trpc.useUtils();
  trpc.generations.onUpdate.useSubscription(undefined, {
    onData: ({ data: update }) => {
      const { id, status, progress, generation } = update;
      const patch = (old: GenerationView): GenerationView =>
        generation ?? { ...old, status, progress: Math.max(status === old.status ? old.progress : 0, progress) };

      const current = utils.generations.get.getData({ id });
      if (current) utils.generations.get.setData({ id }, patch(current));
      else if (generation) utils.generations.get.setData({ id }, generation);

      let listed = false;
      utils.generations.list.setQueriesData({}, {}, (page: ListPage | undefined) => {
        if (!page) return page;
        let changed = false;
        const items = page.items.map((item) => {
          if (item.id !== id) return item;
          changed = true;
          return patch(item);
        });
        if (changed) listed = true;
        return changed ? { ...page, items } : page;
      });
      // A job no cached page knows yet (just created elsewhere): refetch the history pages.
      if (!listed && status === 'queued') void utils.generations.list.invalidate();
    },
  });
  return null;
}
