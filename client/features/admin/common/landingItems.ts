import { useState } from 'react';
import { M } from '../../../../shared/messages/admin';
import { toastSuccess } from '../../../lib/toast';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { toastAdminError } from './errors';

/** Admin sections whose items show on the landing page: card grid, form modal, show/hide, delete. */
interface LandingItems {
  portfolio: RouterOutputs['admin']['portfolio']['list'][number];
  testimonials: RouterOutputs['admin']['testimonials']['list'][number];
}
export type LandingSection = keyof LandingItems;

const itemsText = M.adminItems;

/** After a change: the section's admin list, the content overview and the public landing page. */
export function useRefreshLandingItems(section: LandingSection) {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin[section].list.invalidate();
    void utils.admin.content.list.invalidate();
    void utils.content.landing.invalidate();
  };
}

/**
 * What a section page does with its cards: the add/edit form (which item, open or not), the
 * show/hide switch and the delete confirmation, each with its toasts and the landing refresh.
 */
export function useLandingItemActions<S extends LandingSection>(section: S, deletedText: string) {
  type Item = LandingItems[S];
  const refresh = useRefreshLandingItems(section);
  const [editing, setEditing] = useState<Item | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const procedures = trpc.admin[section as LandingSection];
  const toggle = procedures.toggle.useMutation({
    onSuccess: (item) => {
      toastSuccess(item.isActive ? itemsText.shownNow : itemsText.hiddenNow);
      refresh();
    },
    onError: (e) => toastAdminError(e, M.admin.actionFailed),
  });
  const remove = procedures.delete.useMutation({
    onSuccess: () => {
      toastSuccess(deletedText);
      setDeleting(null);
      refresh();
    },
    onError: (e) => toastAdminError(e, M.admin.deleteFailed),
  });

  const openForm = (item: Item | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  return {
    editing,
    formOpen,
    openForm,
    closeForm: () => setFormOpen(false),
    deleting,
    deletePending: remove.isPending,
    confirmDelete: () => deleting && remove.mutate({ id: deleting.id }),
    cancelDelete: () => setDeleting(null),
    /** Props of one card's ItemActions footer. */
    cardActions: (item: Item, name: string) => ({
      name,
      active: item.isActive,
      toggling: toggle.isPending && toggle.variables?.id === item.id,
      onToggle: (isActive: boolean) => toggle.mutate({ id: item.id, isActive }),
      onEdit: () => openForm(item),
      onDelete: () => setDeleting(item),
    }),
  };
}
