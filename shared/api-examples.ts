import { M } from './messages/app';

/**
 * The seller API's copyable examples, one text each for the customer's API page and the reference
 * at /api/docs: photo → 4 images → Trendyol zip, in curl and in JavaScript (Node 20+, no packages),
 * and the webhook signature check.
 */
const A = M.api;

export function curlExamples(base: string, key: string = A.exampleKey): string {
  const auth = `-H "Authorization: Bearer ${key}"`;
  const id = A.exampleId;
  return [
    '# 1.',
    `curl -X POST ${base}/api/v1/images ${auth} \\`,
    `  -F "photo=@${A.exampleFile}" -F "prompt=${A.examplePrompt}"`,
    '# {"id":"…","status":"queued","livemode":true}',
    '',
    '# 2.',
    `curl ${base}/api/v1/generations/${id} ${auth}`,
    '',
    '# 3.',
    `curl -o 1.jpg ${base}/api/v1/generations/${id}/outputs/0 ${auth}`,
    '',
    '# 4.',
    `curl -o trendyol.zip ${base}/api/v1/generations/${id}/export/trendyol ${auth}`,
  ].join('\n');
}

export function javascriptExample(base: string, key: string = A.exampleKey): string {
  return `import { readFile, writeFile } from 'node:fs/promises';

const BASE = '${base}';
const headers = { Authorization: 'Bearer ${key}' };

const form = new FormData();
form.append('photo', new Blob([await readFile('${A.exampleFile}')]), '${A.exampleFile}');
form.append('prompt', '${A.examplePrompt}');
const started = await fetch(\`\${BASE}/api/v1/images\`, { method: 'POST', headers, body: form });
if (!started.ok) throw new Error((await started.json()).error.message);
const { id } = await started.json();

let run;
do {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  run = await (await fetch(\`\${BASE}/api/v1/generations/\${id}\`, { headers })).json();
} while (run.status === 'queued' || run.status === 'processing');
if (run.status !== 'completed') throw new Error(run.errorMessage); // failed or needs_consent

for (const [i, output] of run.outputs.entries()) {
  const file = await fetch(output.url, { headers });
  await writeFile(\`\${i + 1}.jpg\`, Buffer.from(await file.arrayBuffer()));
}
const zip = await fetch(\`\${BASE}/api/v1/generations/\${id}/export/trendyol\`, { headers });
await writeFile('trendyol.zip', Buffer.from(await zip.arrayBuffer()));`;
}

export function webhookVerifyExample(): string {
  return `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string), before JSON.parse.
export function verifyVitrinSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = header.split(',').map((part) => part.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  // While the secret is being rotated there is one v1 per valid secret: any may match.
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}`;
}
