/** Bytes in a megabyte as the storage quota counts them (MiB). */
export const BYTES_PER_MB = 1024 * 1024;

const MEGABYTES = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });

/** Bytes as megabytes for the seller (profile bar and the quota refusal): `12,5`. */
export function formatMegabytes(bytes: number): string {
  return MEGABYTES.format(bytes / BYTES_PER_MB);
}
