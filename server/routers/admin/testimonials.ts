import { router, adminProcedure } from '../../trpc/init';
import { ZAdminItemId, ZAdminToggle, ZTestimonialFields, ZTestimonialUpdate } from '../../../shared/schemas/admin';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  toggleTestimonial,
  updateTestimonial,
} from '../../services/admin/testimonials';
import { ZAdminTestimonial, ZAdminItemDeleted } from '../../../shared/schemas/admin-outputs';
import { z } from '../../../shared/zod';

/** Each procedure below answers with the item it wrote. */
const itemProcedure = adminProcedure.output(ZAdminTestimonial);

/** admin.testimonials: customer quotes shown on the landing page. */
export const adminTestimonialsRouter = router({
  list: adminProcedure.output(z.array(ZAdminTestimonial)).query(({ ctx }) => listTestimonials(ctx.db)),
  create: itemProcedure.input(ZTestimonialFields).mutation(({ ctx, input }) => createTestimonial(ctx.db, ctx.adminId, input)),
  update: itemProcedure.input(ZTestimonialUpdate).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return updateTestimonial(ctx.db, ctx.adminId, id, fields);
  }),
  toggle: itemProcedure.input(ZAdminToggle).mutation(({ ctx, input }) => toggleTestimonial(ctx.db, ctx.adminId, input.id, input.isActive)),
  delete: adminProcedure
    .input(ZAdminItemId)
    .output(ZAdminItemDeleted)
    .mutation(({ ctx, input }) => deleteTestimonial(ctx.db, ctx.adminId, input.id)),
});
