import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { M } from '../../../shared/messages';
import { SELLER_LIMITS } from '../../../shared/constants';
import { API_ERROR_CODES } from '../../../shared/schemas/api';
import { getSettings } from '../../services/settings';
import { handle } from './respond';
import { publicBaseUrl } from '../../email/links';
import { INPUT_LIMITS, openApiDocument } from './openapi';
import { TEST_OUTPUT_MAX } from '../../services/api-test-mode';
import { curlExamples, webhookVerifyExample } from '../../../shared/api-examples';

const D = M.apiDocs;

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Schema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Doc = { components?: { schemas?: Record<string, Schema> }; paths: Record<string, Record<string, Operation>> };
type Operation = {
  summary: string;
  description: string;
  parameters?: Array<{ name: string; schema: Schema; description?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
};

const minutes = (ms: number) => Math.round(ms / 60_000);

/** A schema in one line: its type, allowed values, limits. */
function typeOf(s: Schema, doc: Doc): string {
  if (s.$ref) return s.$ref.split('/').pop()!;
  // A nullable field is its type or null (3.1 writes it as anyOf or as a type list), never "object".
  if (s.anyOf) return s.anyOf.map((a) => typeOf(a, doc)).join(' | ');
  if (Array.isArray(s.type)) return s.type.map((t) => typeOf({ ...s, type: t }, doc)).join(' | ');
  if (s.type === 'null') return 'null';
  if (s.type === 'array' && s.items) return `${typeOf(s.items, doc)}[]`;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const limits = [
    s.minimum !== undefined ? `≥ ${s.minimum}` : '',
    s.maximum !== undefined ? `≤ ${s.maximum}` : '',
    s.maxLength !== undefined ? `≤ ${s.maxLength}` : '',
  ].filter(Boolean);
  void doc;
  return [s.format === 'binary' ? 'file' : (s.type ?? 'object'), ...limits].join(' ');
}

function fieldsTable(schema: Schema, doc: Doc): string {
  const s = schema.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
  if (!s?.properties) return '';
  const rows = Object.entries(s.properties)
    .map(
      ([name, p]) =>
        `<tr><td><code>${esc(name)}</code></td><td>${esc(typeOf(p, doc))}</td><td>${esc(s.required?.includes(name) ? D.required : D.optional)}</td><td>${esc(p.description)}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
}

function operationHtml(method: string, path: string, o: Operation, doc: Doc): string {
  const params = o.parameters?.length
    ? `<h4>${esc(D.paramsTitle)}</h4><table>${o.parameters.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(typeOf(p.schema, doc))}</td></tr>`).join('')}</table>`
    : '';
  const form = o.requestBody?.content['multipart/form-data'];
  const fields = form ? `<h4>${esc(D.fieldsTitle)} (multipart/form-data)</h4>${fieldsTable(form.schema, doc)}` : '';
  const responses = Object.entries(o.responses)
    .map(([status, r]) => {
      const schema = r.content?.['application/json']?.schema;
      return `<tr><td><code>${esc(status)}</code></td><td>${esc(r.description)}</td><td>${schema ? esc(typeOf(schema, doc)) : esc(Object.keys(r.content ?? {}).join(', '))}</td></tr>`;
    })
    .join('');
  return `<section><h3><code>${esc(method.toUpperCase())} ${esc(path)}</code> · ${esc(o.summary)}</h3><p>${esc(o.description)}</p>${params}${fields}<h4>${esc(D.responsesTitle)}</h4><table>${responses}</table></section>`;
}

/** The answer shapes (Generation, Cutout, Error, WebhookEvent…) with their fields. */
function schemasHtml(doc: Doc): string {
  return Object.entries(doc.components?.schemas ?? {})
    .filter(([name]) => !name.endsWith('Form'))
    .map(([name, s]) => `<h3 id="${esc(name)}"><code>${esc(name)}</code></h3>${fieldsTable(s, doc)}`)
    .join('');
}

/**
 * GET /api/docs: the Turkish reference, drawn from the OpenAPI document itself (operations, fields,
 * answers) with the catalogue's prose around it: a seller can go from a photo to a Trendyol zip
 * with curl by following this page alone.
 */
export function apiDocsRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/api/docs',
    handle('api-docs', async (_req, res) => {
      const base = publicBaseUrl(deps.env);
      const settings = await getSettings(deps.db);
      const costs = { image: settings.imageCreditCost, video: settings.videoCreditCost };
      const doc = openApiDocument(base, costs) as unknown as Doc;
      const codes = `<table>${API_ERROR_CODES.map((c) => `<tr><td><code>${esc(c)}</code></td><td>${esc(D.codes[c])}</td></tr>`).join('')}</table>`;
      const ops = Object.entries(doc.paths)
        .flatMap(([path, methods]) => Object.entries(methods).map(([method, o]) => operationHtml(method, path, o, doc)))
        .join('');
      const u = SELLER_LIMITS.uploads;
      const e = SELLER_LIMITS.exports;
      const html = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(D.pageTitle)}</title>
<style>
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1a1b1e}
h1{font-size:2rem}h2{margin-top:2.2em;border-bottom:1px solid #dee2e6;padding-bottom:.3em}h3{margin-top:1.6em}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}
pre{background:#f1f3f5;padding:12px 14px;border-radius:6px;overflow-x:auto;white-space:pre}
table{border-collapse:collapse;width:100%;margin:.5em 0}td{border:1px solid #dee2e6;padding:6px 8px;vertical-align:top}
section{margin-bottom:1.5em}a{color:#1c7ed6}
</style></head><body><main>
<h1>${esc(D.pageTitle)}</h1>
<p>${esc(D.intro)}</p>
<p>${esc(D.openapi)} <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a></p>
<h2>${esc(D.authTitle)}</h2><p>${esc(D.auth)}</p>
<h2>${esc(D.quickstartTitle)}</h2>
${D.quickstartSteps.map((s) => `<p>${esc(s)}</p>`).join('')}
<pre>${esc(curlExamples(base, 'ANAHTARINIZ'))}</pre>
<h2>${esc(D.endpointsTitle)}</h2>${ops}
<h2>${esc(D.costsTitle)}</h2><p>${esc(D.costs(costs.image, costs.video))}</p>
<h2>${esc(D.errorsTitle)}</h2><p>${esc(D.errorsIntro)}</p><p>${esc(D.methods)}</p>
<h3>${esc(D.codesTitle)}</h3>${codes}
<h2>${esc(D.limitsTitle)}</h2><p>${esc(D.inputLimits(INPUT_LIMITS.megabytes, INPUT_LIMITS.megapixels))}</p><p>${esc(D.limits(u.limit, minutes(u.windowMs), e.limit, minutes(e.windowMs)))}</p><p>${esc(D.rateHeaders)}</p>
<h2>${esc(D.idempotencyTitle)}</h2><p>${esc(D.idempotency)}</p>
<h2>${esc(D.acceptanceTitle)}</h2><p>${esc(D.acceptance)}</p>
<h2>${esc(D.testModeTitle)}</h2><p>${esc(D.testMode(TEST_OUTPUT_MAX))}</p>
<h2>${esc(D.retentionTitle)}</h2><p>${esc(D.retention(settings.uploadRetentionDays))}</p>
<h2>${esc(D.webhooksTitle)}</h2><p>${esc(D.webhooks)}</p><p>${esc(D.webhookRetries)}</p>
<h3>${esc(D.signatureTitle)}</h3><p>${esc(D.signature)}</p>
<pre>${esc(webhookVerifyExample())}</pre>
${schemasHtml(doc)}
</main></body></html>`;
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    }),
  );
  return r;
}
