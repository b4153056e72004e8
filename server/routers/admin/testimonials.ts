import { router, adminProcedure } from '../../trpc/init';
import { ZAdminItemId, ZAdminToggle, ZTestimonialFields, ZTestimonialUpdate } from '../../../shared/schemas/admin';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  toggleTestimonial,
  updateTestimonial,
} from '../../services/admin/testimonials';

/** admin.testimonials: customer quotes shown on the landing page. */
export const adminTestimonialsRouter = router({
  list: adminProcedure.query(({ ctx }) => listTestimonials(ctx.db)),
  create: adminProcedure.input(ZTestimonialFields).mutation(({ ctx, input }) => createTestimonial(ctx.db, ctx.adminId, input)),
  update: adminProcedure.input(ZTestimonialUpdate).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return updateTestimonial(ctx.db, ctx.adminId, id, fields);
  }),
  toggle: adminProcedure.input(ZAdminToggle).mutation(({ ctx, input }) => toggleTestimonial(ctx.db, ctx.adminId, input.id, input.isActive)),
  delete: adminProcedure.input(ZAdminItemId).mutation(({ ctx, input }) => deleteTestimonial(ctx.db, ctx.adminId, input.id)),
});
