/** The e-mails in English, for users whose saved language is English; keys mirror the Turkish part. */
import type { ServerTexts } from '..';
import { enCount, enCredits } from '../plural';

export const OWN: ServerTexts = {
  operator: {
    embeddedDatabaseInUse: (dir: string, pid: number) =>
      `The embedded database (${dir}) is in use by another process (pid ${pid}); to use one database from several processes, use PostgreSQL with DATABASE_URL.`,
    workerNeedsDatabaseUrl:
      'The separate worker (npm run worker) cannot run on the embedded database: use PostgreSQL with DATABASE_URL, or leave the jobs to the in-server workers (WORKER_CONCURRENCY).',
    productionNeedsSmtp:
      'In production (NODE_ENV=production) SMTP_URL is not set: password reset and verification links would be written to the log. Set SMTP_URL, or knowingly set EMAIL_LOG_LINKS=true.',
    backupServerRunning: (dir: string, pid: number) =>
      `The embedded database (${dir}) is in use by a running server (pid ${pid}); for a consistent backup stop the server first (systemctl stop vitrin-web@… or Ctrl+C), then run npm run backup again.`,
    backupNeedsEmbedded:
      'DATABASE_URL is set: back the PostgreSQL database up with pg_dump (docs/operations.md "Backup"); npm run backup only backs up the embedded database and the DATA_DIR/files folder.',
    backupNothing: (dir: string) => `No embedded database to back up: ${dir} does not exist.`,
    backupDone: (target: string, migrations: number) =>
      `Backup ready: ${target} (the database was opened and checked, ${migrations} migrations).`,
    restoreDone: (target: string, aside: string) => `Backup restored: ${target}; the previous data is in ${aside}.`,
    restoreNotBackup: (dir: string) => `${dir} is not a Vitrin AI backup (no manifest.json).`,
  },
  email: {
    greeting: (name: string) => `Hello ${name},`,
    signature: (siteName: string) => `Best wishes,\nThe ${siteName} team`,
    footer: (siteName: string, supportEmail: string) => `This e-mail was sent by ${siteName}. Questions? Write to ${supportEmail}`,
    linkFallback: 'If the button does not work, paste this address into your browser:',
    ignoreIfNotYou: 'If you did not make this request, ignore this e-mail; nothing changes on your account.',
    unsubscribeText: 'If you no longer want these notifications, you can unsubscribe in one click:',
    unsubscribeLink: 'Unsubscribe from notifications',
    resetSubject: 'Your password reset link',
    resetIntro: 'We received a request to reset the password of your account. Use the link below to choose a new password.',
    resetButton: 'Choose a new password',
    resetValidity: 'The link is valid for 1 hour and can be used only once.',
    resetDoneSubject: 'Your password has been changed',
    resetDoneIntro: 'The password of your account has just been changed and all your open sessions have been signed out.',
    resetDoneNotYou: (supportEmail: string) => `If you did not make this change, write to our support team at once: ${supportEmail}`,
    verifySubject: 'Verify your e-mail address',
    verifyIntro: 'Thank you for creating your account. Click the link below to verify your e-mail address.',
    verifyButton: 'Verify my e-mail address',
    verifyValidity: 'The link is valid for 24 hours and can be used only once.',
    changeSubject: 'Verify your new e-mail address',
    changeIntro:
      'You asked to change your account’s e-mail address to this one. The change takes effect when you confirm it with the link below.',
    changedSubject: 'Your e-mail address has been changed',
    changedIntro: (newEmail: string) =>
      `Your account’s e-mail address has been changed to ${newEmail}. From now on our e-mails go to that address; use it to sign in as well.`,
    imageReadySubject: 'Your images are ready',
    videoReadySubject: 'Your video is ready',
    generationReadyIntro: (what: string) => `${what} is complete. You can view and download the results in your account.`,
    imageWhat: 'Your photo generation',
    videoWhat: 'Your video generation',
    viewResults: 'View the results',
    generationFailedSubject: 'Your generation could not be completed',
    generationFailedIntro: (credits: number) =>
      `Your generation could not be completed and the ${enCredits(credits)} it used ${enCount(credits, 'has', 'have')} been refunded to your account.`,
    generationFailedReason: (reason: string) => `Error: ${reason}`,
    lowCreditsSubject: 'Your credits are running low',
    lowCreditsIntro: (balance: number) => `Credits left: ${balance}. Choose a new package to keep going without interruption.`,
    lowCreditsButton: 'See the packages',
    paymentSubject: 'Your payment has been received',
    paymentIntro: (plan: string, credits: number) =>
      `Your payment for the ${plan} package has been received and ${enCredits(credits)} ${enCount(credits, 'has', 'have')} been added to your account.`,
    paymentAmount: (amount: string, invoiceNumber: string) =>
      `Amount paid: ${amount}. Your invoice (${invoiceNumber}) is attached to this e-mail.`,
    deletionRequestedSubject: 'We have received your account deletion request',
    deletionRequestedIntro:
      'We have received your request to delete your account. We will let you know separately when our admin team has carried it out.',
    accountDeletedSubject: 'Your account has been deleted',
    accountDeletedIntro:
      'Your account deletion request has been carried out: your files were deleted, your personal details removed and all your sessions signed out. Payment records are kept, no longer linked to your identity, as the law requires.',
    exportReadySubject: 'Your data is ready to download',
    exportReadyIntro: 'The data package you asked for is ready. You can download it from the Settings page for 24 hours.',
    exportButton: 'Go to settings',
  },

  apiDocs: {
    title: 'Vitrin AI API',
    pageTitle: 'Vitrin AI API reference',
    intro:
      'Run the Vitrin AI studio from your own system: send a product photo, get 4 marketplace-ready images (image 1 is the marketplace image on a white background, the others are the scenes from your description) or a short product video, and download the marketplace package as a zip. Generations made through the API use credits just like on the website, join the same queue and are subject to the same limits; the credits of a failed generation are refunded.',
    authTitle: 'Authentication',
    auth: 'Add the header "Authorization: Bearer YOUR_KEY" to every request. You create and revoke keys on the API page of the customer dashboard; a key is shown only once, when it is created, and starts with vk_live_ (live) or vk_test_ (test). A missing, wrong or revoked key gets a 401 response.',
    securityDescription: 'A key created on the API page of the customer dashboard (vk_live_… live, vk_test_… test).',
    testModeTitle: 'Test mode',
    testMode: (max: number) =>
      `On the API page you can create test keys (vk_test_…) beside the live ones. Requests with a test key go through the same steps and are validated the same way as live ones, but no credits are taken (X-Credits-Charged: 0; no 402 even when the balance is short) and the outputs are at most ${max} pixels on their long side, with a visible "TEST" mark in the top-left corner. Test generations are kept apart from live ones: a test key lists, reads, downloads and deletes only test generations, a live key only live ones (the other kind answers 404); test generations do not appear in the history or the dashboard of the website. The livemode field of answers and webhook bodies is false for test generations and true for live ones. The photo and request limits are shared by both kinds.`,
    acceptanceTitle: 'Acceptance and the cut-out',
    acceptance:
      "Image and video requests are accepted at once (202) after the credit and form checks; separating the product from the photo (the cut-out) is judged while the generation runs. If the cut-out is not reliable and allowFramed=true was not sent, the generation ends in the needs_consent state: no images are made, the credits taken are refunded in the same step, and a generation.needs_consent webhook event is sent. To get the images from the framed photo, send the same photo again with allowFramed=true, or give the product's box in the subject field. When subject is sent, the cut-out is made from that box while the generation runs.",
    quickstartTitle: 'Quick start: from a photo to a Trendyol package with curl',
    quickstartSteps: [
      '1. Send the photo and the scene description; the response gives the generation’s id.',
      '2. Poll every few seconds until the status is "completed" (if it is "failed" or "needs_consent", errorMessage gives the reason and the credits have been refunded; for needs_consent send it again with allowFramed=true or subject).',
      '3. Download the images from the addresses in outputs with the same key.',
      '4. Download the ready zip package for Trendyol (other marketplaces: hepsiburada, n11, amazon, ciceksepeti, instagram, square).',
    ],
    endpointsTitle: 'Endpoints',
    fieldsTitle: 'Form fields',
    paramsTitle: 'Path parameters',
    responsesTitle: 'Responses',
    required: 'required',
    optional: 'optional',
    errorsTitle: 'Errors',
    errorsIntro:
      'Errors are returned as JSON: { "error": { "code": "…", "message": "…" } }. message is written for people and can be shown to the user; code never changes, so your program can check it.',
    limitsTitle: 'Limits',
    limits: (uploads: number, uploadMinutes: number, exports: number, exportMinutes: number) =>
      `The same seller limits as on the website apply: ${uploads} photos per ${uploadMinutes} minutes (each image, video and cut-out request counts as one photo) and ${exports} marketplace packages per ${exportMinutes} minutes. When a limit is exceeded you get a 429 response with a Retry-After header saying after how many seconds you can try again. The number of generations processed for you at the same time is limited too; the rest wait in the queue.`,
    webhooksTitle: 'Webhook',
    webhooks:
      'If you save a webhook address in the dashboard, a POST request with a JSON body is sent to it when your generations complete, fail or need consent (needs_consent): { "id": "<event id>", "type": "generation.completed" | "generation.failed" | "generation.needs_consent", "livemode": <false for a generation made with a test key, true for a live one>, "attempt": <attempt number, from 1>, "createdAt": "<when the event happened>", "data": { …the GET /api/v1/generations/{id} response… } }. Responses other than 2xx and unreachable addresses are retried at growing intervals for one day; every attempt is shown in the dashboard. The same event may arrive more than once (e.g. when your answer timed out): id (the webhook-id header) is the same at every attempt, deduplicate with it; attempt (the X-Vitrin-Attempt header) tells which attempt it is. In production the address must use https and cannot point to the local network or to private IP addresses.',
    signatureTitle: 'Verifying the signature',
    signature:
      'Every request carries two signatures. Standard Webhooks (standardwebhooks.com) headers: webhook-id (the event id), webhook-timestamp (unix seconds) and webhook-signature: v1,<signature>, the base64 HMAC-SHA256 digest of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64 bytes after whsec_ in your signing secret (the Standard Webhooks libraries take the whsec_ secret as it is). For existing receivers, X-Vitrin-Signature: t=<unix seconds>,v1=<signature>, the hexadecimal HMAC-SHA256 digest of "<t>.<raw body>" keyed with your whole signing secret. You can change the signing secret with "Rotate the signing secret" in the dashboard: the old secret stays valid for 24 more hours, and meanwhile every request is signed with both (webhook-signature carries two signatures separated by a space, X-Vitrin-Signature two v1 values); accept the request if any of them matches. Verify the raw body before parsing it, compare in constant time and reject old timestamps (e.g. older than 5 minutes).',
    codesTitle: 'Error codes',
    codes: {
      UNAUTHENTICATED: 'The key is missing, wrong or revoked (401).',
      NOT_FOUND: 'No such record, or it belongs to another seller (404).',
      METHOD_NOT_ALLOWED: 'The address does not take this HTTP method; the Allow header lists those it takes (405).',
      VALIDATION: 'Form fields, photo or parameters are not valid; the message says which (422).',
      INSUFFICIENT_CREDITS: 'Not enough credits; nothing was taken (402).',
      NEEDS_FRAMED_CONSENT:
        "The product could not be separated reliably. Image and video requests report this not as an answer but as the generation's needs_consent state (credits refunded); send it again with allowFramed=true or subject.",
      CONFLICT: 'The first request with the same Idempotency-Key is still running, or the generation has not finished (409).',
      QUOTA_EXCEEDED: 'The file is too large (10 MB) or your storage quota is full (413).',
      RATE_LIMITED: 'A seller limit was reached; wait as long as Retry-After says (429).',
      MAINTENANCE: 'Maintenance; try again shortly (503).',
      UNAVAILABLE: 'The service is briefly unavailable; try again shortly (503).',
      INTERNAL: 'An unexpected error (500).',
    },
    costsTitle: 'Costs',
    costs: (image: number, video: number) =>
      `An image generation (4 images) costs ${image} credits, a video generation ${video} credits. Cut-outs, status reads, downloads and packages are free. The credits of a failed generation are refunded. Responses that take credits carry the X-Credits-Charged header; the current costs and your balance are in GET /api/v1/account.`,
    inputLimits: (megabytes: number, megapixels: number) =>
      `Photo: JPEG, PNG or WEBP (judged by its content), at most ${megabytes} MB and ${megapixels} megapixels, a single file (the photo field). Text fields at most 8 KB, at most 10 fields per form. Sizes are in pixels, durations in seconds. The subject and scene fields are sent as JSON text; their shapes are the Subject and Scene schemas below.`,
    rateHeaders:
      'Every response carries the RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers. For the operations with their own limit (images, videos and cut-outs count against the photo limit, packages against the package limit) they show that limit; for the others the API request limit (600 requests a minute per seller with a key, 300 a minute per address without one). Refused requests (4xx) do not count against the photo and package limits; every request counts against the request limit.',
    idempotencyTitle: 'Retries (Idempotency-Key)',
    idempotency:
      'You may add an Idempotency-Key header (e.g. a UUID) to every POST request. If the connection drops and the same request is sent again with the same key, for 24 hours the first successful answer is returned (with Idempotent-Replayed: true) and no credits are taken a second time. The same key with a different request gets 422; if the first request is still running, 409. Refused requests are not stored; they can be corrected and sent again with the same key.',
    retentionTitle: 'Retention',
    retention: (days: number) =>
      `Generations and their files are kept until you delete them (DELETE /api/v1/generations/{id}) or your account is deleted. Photos no generation uses, and their cut-outs, are deleted after ${days} days.`,
    webhookRetries:
      'Retry schedule: 30 seconds after the first failed attempt, then twice as long each time (±25%), at most 4 hours apart; given up after 24 hours. Each attempt times out after 10 seconds. The same notification may arrive more than once; deduplicate with id (the webhook-id header).',
    methods: '405: when an address is called with an HTTP method it does not take, the Allow header lists the methods it takes.',
    openapiTitle: 'OpenAPI document',
    openapi: 'The machine-readable version of this page (OpenAPI 3.1):',
    example: 'Example',
    ops: {
      createImage: {
        summary: 'Start an image generation',
        description:
          'Creates 4 images from the product photo: image 1 is the marketplace image on a white background, images 2-4 are the scenes from the description. The credits of one image generation are taken and the generation is queued at once (202); the cut-out is judged while it runs, and if it is not reliable and allowFramed is not true, the generation ends as needs_consent and its credits are refunded. If you give the product’s box in subject, the cut-out is made according to that box. With a test key no credits are taken.',
      },
      createVideo: {
        summary: 'Start a video generation',
        description:
          'Creates a short product video (MP4) from the product photo. The credits of one video generation are taken and the generation is queued (202).',
      },
      getGeneration: {
        summary: 'Status and results of a generation',
        description:
          'status: queued, processing, completed, failed or needs_consent (the cut-out was not reliable; credits refunded, send it again with allowFramed=true or subject). livemode: false for a generation made with a test key. Every address in the outputs list of a completed generation is downloaded with the same API key; role: white (marketplace white image), scene, framed (the framed photo when no cut-out could be made) or video.',
      },
      getPhoto: {
        summary: 'Download the product photo',
        description:
          "The server's copy of the photo the generation was made from (JPEG, PNG or WEBP without metadata), while it is kept; only with the key of the generation's owner.",
      },
      getOutput: { summary: 'Download an output', description: 'The generation’s file at position index (JPEG or MP4).' },
      createCutout: {
        summary: 'Cut-out (background removal)',
        description:
          'Separates the product from the photo and stores it as a transparent PNG; uses no credits and is subject to the cut-out limit. If the product cannot be separated reliably, cutoutUrl is null and note gives the reason.',
      },
      getCutout: { summary: 'Download the cut-out', description: 'Transparent PNG.' },
      exportZip: {
        summary: 'Marketplace package (zip)',
        description: 'The images of a completed image generation as JPEGs in the marketplace’s sizes, in a single zip file.',
      },
      openapi: { summary: 'OpenAPI document', description: 'The OpenAPI 3.1 definition of this API.' },
      getAccount: {
        summary: 'Account: credits, plan, limits',
        description: 'Your credit balance, your plan and its period end, the cost of each call and where your seller limits stand now.',
      },
      listGenerations: {
        summary: 'List generations',
        description:
          'Newest first, page by page. Send the nextCursor of an answer as the cursor parameter to get the next page; a null nextCursor is the last page. Filter with status and type.',
      },
      deleteGeneration: {
        summary: 'Delete a generation',
        description:
          'Deletes the generation and its files (images, video) for good; no credits are refunded. An unfinished generation cannot be deleted (409).',
      },
      webhook: {
        summary: 'Generation finished notification',
        description:
          'Sent to your saved webhook address when your generation completes, fails, or needs consent because its cut-out was not reliable (needs_consent); livemode is false for test generations.',
      },
    },
    responses: {
      accepted: 'The generation was queued.',
      generation: 'The generation.',
      file: 'The file.',
      zip: 'The zip file.',
      cutout: 'The cut-out result.',
      openapi: 'The OpenAPI document.',
      webhookOk: 'Any 2xx response counts the notification as delivered.',
      signatureHeader: 't=<unix seconds>,v1=<HMAC-SHA256 hexadecimal> (one v1 per valid secret while the secret is being rotated)',
      webhookId: 'The event id (the id in the body); the same at every attempt: deduplicate with it.',
      webhookTimestamp: 'When it was signed, unix seconds.',
      webhookSignature:
        'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">; two, separated by a space, while the secret is being rotated.',
      attemptHeader: 'Which attempt this is (1, 2, …; attempt in the body).',
      retryAfter: 'After how many seconds you can try again.',
      account: 'The account.',
      list: 'Generations, newest first.',
      deleted: 'Deleted; no body.',
      creditsCharged: 'Credits taken by this request (0 for a repeated Idempotency-Key).',
      idempotencyKey:
        'Optional, at most 255 characters. A request sent again with the same key within 24 hours gets the first answer and is not charged again; a key used with a different request gets 422.',
      replayed: 'true: this answer is the stored answer of the first request sent with the same Idempotency-Key.',
      rateLimitLimit: "The limit this response counts against (requests per window): the operation's own, else the API request limit.",
      rateLimitRemaining: 'Requests left in the window.',
      rateLimitReset: 'Seconds until the window resets.',
      409: 'Conflict: the first request with the same Idempotency-Key is still being processed, or the generation has not finished (the message gives its status).',
      412: "The product could not be separated from the photo reliably; send allowFramed=true to get the images from the framed photo, or the product's box as subject. No credits were taken.",
      401: 'The key is missing, wrong or revoked.',
      402: 'Not enough credits.',
      404: 'Record not found (records belonging to another seller get the same answer).',
      413: 'The photo is too large or your storage quota is full.',
      422: 'The form fields or the photo are not valid.',
      429: 'Limit exceeded; wait as long as the Retry-After header says.',
    },
  },
};
