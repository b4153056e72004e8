import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';

/** 120 bits of entropy in lower-case base32 (the Lucia guide's generateSecureRandomString). */
export function randomToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(15));
}

export function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  return constantTimeEqual(hashSecret(secret), new Uint8Array(storedHash));
}
