// @vitest-environment jsdom
import { fakeServer, renderWithApp } from './harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { DataTable } from '../../client/features/common/DataTable';
import { QueryView } from '../../client/features/common/QueryView';
import { M } from '../../shared/messages/app';

type Row = { id: string; name: string; credits: number };
const ROWS: Row[] = [
  { id: 'a', name: 'Ayşe', credits: 10 },
  { id: 'b', name: 'Mehmet', credits: 0 },
];

function table(rows: Row[] | undefined, onPage = vi.fn()) {
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      minWidth={400}
      empty="Kayıt yok"
      rowProps={(r) => ({ 'data-testid': 'row', 'data-id': r.id })}
      columns={[
        { key: 'name', header: 'Ad', cell: (r) => r.name },
        { key: 'credits', header: 'Kredi', align: 'right', cell: (r) => String(r.credits) },
      ]}
      pager={rows ? { page: 1, pageCount: 3, total: '25 kayıt', onChange: onPage } : undefined}
    />
  );
}

it('shows one row per item under the headers, the total and the pages; a page click asks for that page', async () => {
  const onPage = vi.fn();
  renderWithApp(table(ROWS, onPage), fakeServer({}));
  const rows = screen.getAllByTestId('row');
  expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['a', 'b']);
  expect(within(rows[0]!).getByText('Ayşe')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'Kredi' })).toBeTruthy();
  expect(screen.getByText('25 kayıt')).toBeTruthy();
  await userEvent.setup().click(screen.getByRole('button', { name: '2' }));
  expect(onPage).toHaveBeenCalledWith(2);
  expect(screen.queryByText('Kayıt yok')).toBeNull();
});

it('says so when there are no rows, and shows neither rows nor that text while the first page loads', () => {
  const { unmount } = renderWithApp(table([]), fakeServer({}));
  expect(screen.getByText('Kayıt yok')).toBeTruthy();
  unmount();
  renderWithApp(table(undefined), fakeServer({}));
  expect(screen.queryByText('Kayıt yok')).toBeNull();
  expect(screen.queryAllByTestId('row')).toHaveLength(0);
});

it('QueryView: a load that failed before any data shows the error with a retry; data already shown stays on a failed refresh', async () => {
  const refetch = vi.fn();
  const { rerender } = renderWithApp(
    <QueryView query={{ data: undefined, isError: true, refetch }} error={M.billing.loadFailed}>
      <p>içerik</p>
    </QueryView>,
    fakeServer({}),
  );
  expect(screen.getByText(M.billing.loadFailed)).toBeTruthy();
  expect(screen.queryByText('içerik')).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: M.common.retry }));
  expect(refetch).toHaveBeenCalledTimes(1);
  rerender(
    <QueryView query={{ data: ROWS, isError: true, refetch }} error={M.billing.loadFailed}>
      <p>içerik</p>
    </QueryView>,
  );
  expect(screen.getByText('içerik')).toBeTruthy();
  expect(screen.queryByText(M.billing.loadFailed)).toBeNull();
});
