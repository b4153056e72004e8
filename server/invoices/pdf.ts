import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { messagesFor } from '../../shared/messages';
import type { Language } from '../../shared/messages/language';
import { inLanguage } from '../i18n';
import { findPlan } from '../../shared/plans';
import { formatCents, formatPercent, kdvBreakdown } from '../../shared/money';
import type { TInvoiceDetailsParsed } from '../../shared/schemas/billing';

/**
 * The operator's company as its invoices print it (settings _Fatura ayarları_). E-mail and phone came
 * later (issue 38 item 1): an invoice issued before them has none.
 */
export type CompanyDetails = {
  title: string;
  taxOffice: string;
  vkn: string;
  address: string;
  mersis: string;
  email?: string;
  phone?: string;
};

/** Everything one invoice prints. */
export type InvoiceData = {
  id: string;
  number: string;
  paidAt: Date;
  planCode: string | null;
  description: string;
  credits: number;
  totalCents: number;
  currency: string;
  kdvRate: number;
  provider: string | null;
  paymentRef: string;
  seller: CompanyDetails & { siteName: string };
  buyer: TInvoiceDetailsParsed | null;
  customer: { name: string; email: string };
  /**
   * The seller's chosen language (issue 38 item 2). The invoice's legal text is Turkish whatever it is;
   * for an English-speaking seller each heading and label carries its English translation beside it.
   */
  language: Language;
};

const TR = messagesFor('tr');
const EN = messagesFor('en');
type InvoiceTexts = (typeof TR)['invoice'];

/** A label in Turkish, with its English translation beside it for an English-speaking seller. */
function labeller(language: Language) {
  return <K extends keyof InvoiceTexts>(key: K, ...args: InvoiceTexts[K] extends (...a: infer A) => string ? A : []): string => {
    const read = (texts: InvoiceTexts): string => {
      const t = texts[key] as unknown;
      return typeof t === 'function' ? (t as (...a: unknown[]) => string)(...args) : (t as string);
    };
    const tr = read(TR.invoice);
    const en = language === 'en' ? read(EN.invoice) : tr;
    return en === tr ? tr : `${tr} / ${en}`;
  };
}

// DejaVu Sans from the npm package (licence in ./NOTICE.md): pdfkit's built-in fonts cannot
// write ğ, ş, ı, İ or ₺, and an embedded font prints the same on every reader.
const resolveFont = createRequire(import.meta.url).resolve;
const FONT = resolveFont('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = resolveFont('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const DATE_TIME = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

const PAGE = { margin: 50, width: 595.28 } as const;
const CONTENT = PAGE.width - 2 * PAGE.margin;

/** A seller's or buyer's lines under their heading (empty values left out). */
function partyLines(d: InvoiceData, who: 'seller' | 'buyer'): string[] {
  const t = labeller(d.language);
  const line = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);
  if (who === 'seller') {
    const s = d.seller;
    return [
      s.title || s.siteName,
      ...line(t('taxOffice'), s.taxOffice),
      ...line(t('vkn'), s.vkn),
      ...line(t('mersis'), s.mersis),
      ...line(t('address'), s.address),
      ...line(t('email'), s.email),
      ...line(t('phone'), s.phone),
    ];
  }
  const b = d.buyer;
  if (!b) return [d.customer.name, t('noDetails'), ...line(t('email'), d.customer.email)];
  const who2 =
    b.kind === 'individual'
      ? [...line(t('fullName'), b.fullName), ...line(t('tckn'), b.tckn)]
      : [...line(t('companyTitle'), b.companyTitle), ...line(t('taxOffice'), b.taxOffice), ...line(t('vkn'), b.vkn)];
  return [...who2, ...line(t('address'), `${b.address} / ${b.city}`), ...line(t('email'), d.customer.email)];
}

/**
 * One purchase's invoice as a PDF (A4, Turkish): number and date, the operator as seller and the
 * buyer as invoiced at purchase, the package, matrah, KDV rate and amount, total, payment date,
 * provider and its reference. A test-checkout purchase says it was a test payment. Turkish
 * whatever language the request or the seller reads (amounts and dates too); an English-speaking
 * seller gets each label's translation beside it (issue 38 item 2).
 */
export function renderInvoicePdf(d: InvoiceData): Promise<Buffer> {
  return inLanguage('tr', () => draw(d));
}

function draw(d: InvoiceData): Promise<Buffer> {
  const t = labeller(d.language);
  const M = TR;
  const money = (cents: number) => formatCents(cents, d.currency, true);
  const { matrahCents, kdvCents } = kdvBreakdown(d.totalCents, d.kdvRate);
  const plan = findPlan(d.planCode);
  const when = DATE_TIME.format(d.paidAt);

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${TR.invoice.title} ${d.number}`, Author: d.seller.title || d.seller.siteName },
    lang: 'tr-TR',
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const top = PAGE.margin;
  doc.font('bold').fontSize(20).text(t('title'), PAGE.margin, top);
  doc
    .font('regular')
    .fontSize(10)
    .text(`${t('number')}: ${d.number}`, PAGE.margin, top, { width: CONTENT, align: 'right' })
    .text(`${t('date')}: ${when}`, { width: CONTENT, align: 'right' });
  if (d.provider === 'test') {
    doc
      .moveDown(0.5)
      .font('bold')
      .fillColor('#c2410c')
      .text(d.language === 'en' ? `${TR.payments.testBanner} / ${EN.payments.testBanner}` : TR.payments.testBanner, PAGE.margin)
      .fillColor('black');
  }

  // Seller and buyer side by side.
  const partiesTop = doc.y + 20;
  const half = CONTENT / 2 - 10;
  let bottom = partiesTop;
  for (const [i, who] of (['seller', 'buyer'] as const).entries()) {
    const x = PAGE.margin + i * (half + 20);
    doc
      .font('bold')
      .fontSize(11)
      .text(who === 'seller' ? t('seller') : t('buyer'), x, partiesTop, { width: half });
    doc.font('regular').fontSize(9.5);
    for (const line of partyLines(d, who)) doc.text(line, x, undefined, { width: half });
    bottom = Math.max(bottom, doc.y);
  }

  // The one service line.
  const tableTop = bottom + 24;
  const cols = { item: PAGE.margin, qty: PAGE.margin + CONTENT - 170, amount: PAGE.margin + CONTENT - 110 };
  doc.font('bold').fontSize(10);
  doc.text(t('item'), cols.item, tableTop);
  doc.text(t('quantity'), cols.qty, tableTop, { width: 50, align: 'right' });
  doc.text(t('lineAmount'), cols.amount, tableTop, { width: 110, align: 'right' });
  const ruleY = doc.y + 4;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.margin + CONTENT, ruleY)
    .lineWidth(0.5)
    .stroke();
  const rowTop = ruleY + 8;
  const item = plan ? M.invoice.itemLine(M.credits.planNames[plan.id] ?? plan.name, String(d.credits)) : d.description;
  doc.font('regular').text(item, cols.item, rowTop, { width: cols.qty - cols.item - 10 });
  const rowBottom = doc.y;
  doc.text('1', cols.qty, rowTop, { width: 50, align: 'right' });
  doc.text(money(matrahCents), cols.amount, rowTop, { width: 110, align: 'right' });

  // Totals: each label with its amount on one line, so any text extractor reads them together.
  const totalsTop = Math.max(rowBottom, doc.y) + 20;
  const totalsX = PAGE.margin + CONTENT / 2;
  const totals = { width: CONTENT / 2, align: 'right' as const };
  doc.fontSize(10).text(`${t('matrah')}: ${money(matrahCents)}`, totalsX, totalsTop, totals);
  doc.text(`${t('kdv', formatPercent(d.kdvRate))}: ${money(kdvCents)}`, totalsX, undefined, totals);
  doc
    .font('bold')
    .fontSize(12)
    .text(`${t('total')}: ${money(d.totalCents)}`, totalsX, undefined, totals);

  // Payment.
  doc.font('regular').fontSize(9.5).moveDown(1.5);
  doc.text(`${t('paymentDate')}: ${when}`, PAGE.margin, undefined, { width: CONTENT });
  if (d.provider) doc.text(`${t('provider')}: ${M.billing.providerNames[d.provider] ?? d.provider}`, { width: CONTENT });
  doc.text(`${t('reference')}: ${d.paymentRef}`, { width: CONTENT });

  doc.moveDown(2).fontSize(8.5).fillColor('#555555').text(t('footer'), { width: CONTENT });
  doc.end();
  return done;
}
