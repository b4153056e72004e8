/** Procedures of the `auth` router for the seller's own data (issue 13): export and deletion request. */
export const accountDataProcedures = {};
