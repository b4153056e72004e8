import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { CREDIT_STATUS_FILTERS, USER_STATUS_FILTERS } from '../../../../shared/schemas/admin';

export type StatusFilter = (typeof USER_STATUS_FILTERS)[number];
export type CreditFilter = (typeof CREDIT_STATUS_FILTERS)[number];

/** Search (debounced), filters and page; any filter change goes back to page 1. */
export function useUserFilters() {
  const [search, setSearchRaw] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatusRaw] = useState<StatusFilter>('all');
  const [credit, setCreditRaw] = useState<CreditFilter>('all');
  const [page, setPage] = useState(1);
  return {
    search,
    debounced,
    status,
    credit,
    page,
    setPage,
    setSearch: (v: string) => {
      setSearchRaw(v);
      setPage(1);
    },
    setStatus: (v: StatusFilter) => {
      setStatusRaw(v);
      setPage(1);
    },
    setCredit: (v: CreditFilter) => {
      setCreditRaw(v);
      setPage(1);
    },
  };
}
