import type { Migration } from 'kysely';
import * as initial from './2026-11-20T00-00-initial';
import * as billingProfiles from './2026-11-20T01-00-billing-profiles';
import * as accountsEmail from './2026-11-23T02-00-accounts-email';
import * as paymentsTr from './2026-11-23T03-00-payments-tr';
import * as cacheInvalidation from './2026-11-23T04-00-cache-invalidation';
import * as studioCutouts from './2026-11-23T05-00-studio-cutouts';
import * as generationParams from './2026-11-23T06-00-generation-params';
import * as fairQueue from './2026-11-25T00-00-fair-queue';
import * as iyzicoSubscriptions from './2026-11-25T00-00-iyzico-subscriptions';
import * as uploadRetention from './2026-11-25T10-00-upload-retention';
import * as gateCutoutVerdict from './2026-11-25T16-00-gate-cutout-verdict';
import * as apiKeysWebhooks from './2026-11-25T16-00-api-keys-webhooks';
import * as claimsTrueLanding from './2026-11-25T16-01-claims-true-landing';
import * as claimsPhoneE164 from './2026-11-25T16-02-claims-phone-e164';
import * as moneyInvoices from './2026-11-25T16-10-money-invoices';
import * as falProviderInputs from './2026-11-25T16-40-fal-provider-inputs';
import * as cutoutNoteCodeCheck from './2026-11-27T10-00-cutout-note-code-check';
import * as adminAdjustmentType from './2026-11-27T10-10-admin-adjustment-type';
import * as sellerCutouts from './2026-11-27T10-30-seller-cutouts';
import * as apiIdempotency from './2026-11-27T10-40-api-idempotency';
import * as webhookSecretRotation from './2026-11-27T14-00-webhook-secret-rotation';
import * as batchPhotos from './2026-11-27T14-10-batch-photos';
import * as apiTestMode from './2026-11-27T16-30-api-test-mode';
import * as landingEnglish from './2026-11-27T16-40-landing-english';

/**
 * Every migration, by its ISO-date name. Add new files here and their hash to manifest.json; never
 * edit a landed one (tests/db/migration-manifest.test.ts fails if one changes or disappears).
 */
export const migrations: Record<string, Migration> = {
  '2026-11-20T00-00-initial': initial,
  '2026-11-20T01-00-billing-profiles': billingProfiles,
  '2026-11-23T02-00-accounts-email': accountsEmail,
  '2026-11-23T03-00-payments-tr': paymentsTr,
  '2026-11-23T04-00-cache-invalidation': cacheInvalidation,
  '2026-11-23T05-00-studio-cutouts': studioCutouts,
  '2026-11-23T06-00-generation-params': generationParams,
  '2026-11-25T00-00-fair-queue': fairQueue,
  '2026-11-25T00-00-iyzico-subscriptions': iyzicoSubscriptions,
  '2026-11-25T10-00-upload-retention': uploadRetention,
  '2026-11-25T16-00-gate-cutout-verdict': gateCutoutVerdict,
  '2026-11-25T16-00-api-keys-webhooks': apiKeysWebhooks,
  '2026-11-25T16-01-claims-true-landing': claimsTrueLanding,
  '2026-11-25T16-02-claims-phone-e164': claimsPhoneE164,
  '2026-11-25T16-10-money-invoices': moneyInvoices,
  '2026-11-25T16-40-fal-provider-inputs': falProviderInputs,
  '2026-11-27T10-00-cutout-note-code-check': cutoutNoteCodeCheck,
  '2026-11-27T10-10-admin-adjustment-type': adminAdjustmentType,
  '2026-11-27T10-30-seller-cutouts': sellerCutouts,
  '2026-11-27T10-40-api-idempotency': apiIdempotency,
  '2026-11-27T14-00-webhook-secret-rotation': webhookSecretRotation,
  '2026-11-27T14-10-batch-photos': batchPhotos,
  '2026-11-27T16-30-api-test-mode': apiTestMode,
  '2026-11-27T16-40-landing-english': landingEnglish,
};
