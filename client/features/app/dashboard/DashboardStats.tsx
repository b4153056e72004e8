import { SimpleGrid } from '@mantine/core';
import { IconCoins, IconMovie, IconPhoto, IconPigMoney } from '@tabler/icons-react';
import { M } from '../../../../shared/messages/app';
import { SAVINGS_TRY } from '../../../../shared/stats';
import { readAppError } from '../../../lib/appError';
import { formatCredits } from '../../credits/formatCredits';
import { useCreditBalance } from '../../credits/useCreditBalance';
import { formatNumber, formatTry } from '../../../lib/format';
import { StatCard } from './StatCard';
import { QueryView } from '../../common/QueryView';
import type { useDashboard } from '../../common/useDashboard';

type DashboardQuery = ReturnType<typeof useDashboard>;

/**
 * The four figures (docs/product.md §2, docs/decisions.md D10; savings always in lira). 'Kalan kredi' is live; its badge is the change in
 * credits *used* versus last month, coloured neutrally (more usage is not "good" or "bad",
 * and green on a remaining-balance card would read as "more credits left").
 */
export function DashboardStats({ query }: { query: DashboardQuery }) {
  const { balance, loading: balanceLoading } = useCreditBalance();
  const data = query.data;
  const loading = query.isPending;

  return (
    <QueryView query={query} error={readAppError(query.error).message || M.dashboard.loadFailed} inline>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        <StatCard
          testId="stat-images"
          label={M.dashboard.statImagesMonth}
          icon={IconPhoto}
          color="brand"
          loading={loading}
          value={formatNumber(data?.imagesThisMonth ?? 0)}
          change={data?.changes.images}
          changeCaption={M.dashboard.vsLastMonth}
          hint={M.dashboard.imagesTotal(formatNumber(data?.totalImages ?? 0))}
        />
        <StatCard
          testId="stat-videos"
          label={M.dashboard.statTotalVideos}
          icon={IconMovie}
          color="grape"
          loading={loading}
          value={formatNumber(data?.totalVideos ?? 0)}
          change={data?.changes.videos}
          changeCaption={M.dashboard.vsLastMonth}
          hint={M.dashboard.videosThisMonth(formatNumber(data?.videosThisMonth ?? 0))}
        />
        <StatCard
          testId="stat-credits"
          label={M.dashboard.statCredits}
          icon={IconCoins}
          color="orange"
          loading={balanceLoading || loading}
          value={balance ? formatCredits(balance.balance, balance.unlimited) : '—'}
          change={data?.changes.creditsUsed}
          neutralChange
          changeCaption={M.dashboard.usageVsLastMonth}
          hint={M.dashboard.creditsUsedMonth(formatNumber(data?.creditsUsedThisMonth ?? 0))}
        />
        <StatCard
          testId="stat-savings"
          label={M.dashboard.statSavings}
          icon={IconPigMoney}
          color="teal"
          loading={loading}
          value={formatTry(data?.totalSavings ?? 0)}
          change={data?.changes.savings}
          changeCaption={M.dashboard.vsLastMonth}
          hint={M.dashboard.savingsBasis(formatTry(SAVINGS_TRY.perImage), formatTry(SAVINGS_TRY.perVideo))}
        />
      </SimpleGrid>
    </QueryView>
  );
}
