/**
 * The message catalogue, part "server": Texts only the server sends (e-mails), on top of everything else: the whole catalogue.
 * Every Turkish text a user sees is written once in one of these parts; texts quoted in docs/product.md /
 * docs/decisions.md are copied to the letter. Add a text to the part of the screens that show it.
 */
import { TR as BELOW, EN as EN_BELOW } from './admin';
import { localized, type Texts } from './localize';
import { OWN as EN_OWN } from './en/server';

const OWN = {
  /** Lines the operator reads when the server or worker refuses to start (printed in Turkish, then English). */
  operator: {
    embeddedDatabaseInUse: (dir: string, pid: number) =>
      `Gömülü veritabanı (${dir}) başka bir süreç (pid ${pid}) tarafından kullanılıyor; aynı veritabanını birden fazla süreç kullanacaksa DATABASE_URL ile PostgreSQL kullanın.`,
    workerNeedsDatabaseUrl:
      'Ayrı üretim işçisi (npm run worker) gömülü veritabanıyla çalışamaz: DATABASE_URL ile PostgreSQL kullanın ya da işleri sunucu içi işçilere bırakın (WORKER_CONCURRENCY).',
    productionNeedsSmtp:
      'Üretimde (NODE_ENV=production) SMTP_URL ayarlı değil: şifre sıfırlama ve doğrulama bağlantıları günlüğe yazılırdı. SMTP_URL verin ya da bilerek EMAIL_LOG_LINKS=true ayarlayın.',
    backupServerRunning: (dir: string, pid: number) =>
      `Gömülü veritabanı (${dir}) çalışan bir sunucu (pid ${pid}) tarafından kullanılıyor; tutarlı bir yedek için önce sunucuyu durdurun (systemctl stop vitrin-web@…  ya da Ctrl+C), sonra npm run backup komutunu yeniden çalıştırın.`,
    backupNeedsEmbedded:
      'DATABASE_URL ayarlı: PostgreSQL veritabanını pg_dump ile yedekleyin (docs/operations.md "Yedekleme"); npm run backup yalnızca gömülü veritabanını ve DATA_DIR/files klasörünü yedekler.',
    backupNothing: (dir: string) => `Yedeklenecek gömülü veritabanı yok: ${dir} bulunamadı.`,
    backupDone: (target: string, migrations: number) => `Yedek hazır: ${target} (veritabanı açılıp denetlendi, ${migrations} migration).`,
    restoreDone: (target: string, aside: string) => `Yedek geri yüklendi: ${target}; önceki veriler ${aside} klasöründe.`,
    restoreNotBackup: (dir: string) => `${dir} bir Vitrin AI yedeği değil (manifest.json yok).`,
  },
  /** Issue 13 (docs/history.md): e-mails the product sends (subjects and bodies; HTML and text share these). */
  email: {
    greeting: (name: string) => `Merhaba ${name},`,
    signature: (siteName: string) => `Sevgiler,\n${siteName} ekibi`,
    footer: (siteName: string, supportEmail: string) => `Bu e-posta ${siteName} tarafından gönderildi. Sorularınız için: ${supportEmail}`,
    linkFallback: 'Buton çalışmazsa bu adresi tarayıcınıza yapıştırın:',
    ignoreIfNotYou: 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; hesabınızda bir değişiklik yapılmaz.',
    unsubscribeText: 'Bu bildirimleri artık almak istemiyorsanız tek tıkla çıkabilirsiniz:',
    unsubscribeLink: 'Bildirimlerden çık',
    resetSubject: 'Şifre sıfırlama bağlantınız',
    resetIntro: 'Hesabınız için bir şifre sıfırlama isteği aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı kullanın.',
    resetButton: 'Yeni şifre belirle',
    resetValidity: 'Bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
    resetDoneSubject: 'Şifreniz değiştirildi',
    resetDoneIntro: 'Hesabınızın şifresi az önce değiştirildi ve açık olan tüm oturumlarınız kapatıldı.',
    resetDoneNotYou: (supportEmail: string) => `Bu değişikliği siz yapmadıysanız hemen destek ekibimize yazın: ${supportEmail}`,
    verifySubject: 'E-posta adresinizi doğrulayın',
    verifyIntro: 'Hesabınızı oluşturduğunuz için teşekkürler. E-posta adresinizi doğrulamak için aşağıdaki bağlantıya tıklayın.',
    verifyButton: 'E-posta adresimi doğrula',
    verifyValidity: 'Bağlantı 24 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
    changeSubject: 'Yeni e-posta adresinizi doğrulayın',
    changeIntro:
      'Hesabınızın e-posta adresini bu adresle değiştirmek istediniz. Değişiklik, aşağıdaki bağlantıyla doğruladığınızda geçerli olur.',
    changedSubject: 'E-posta adresiniz değiştirildi',
    changedIntro: (newEmail: string) =>
      `Hesabınızın e-posta adresi ${newEmail} olarak değiştirildi. Bundan sonraki e-postalarımız bu adrese gönderilecek; giriş yaparken de bu adresi kullanın.`,
    imageReadySubject: 'Görselleriniz hazır',
    videoReadySubject: 'Videonuz hazır',
    generationReadyIntro: (what: string) => `${what} tamamlandı. Sonuçları hesabınızdan görüntüleyip indirebilirsiniz.`,
    imageWhat: 'Fotoğraf üretiminiz',
    videoWhat: 'Video üretiminiz',
    viewResults: 'Sonuçları görüntüle',
    generationFailedSubject: 'Üretiminiz tamamlanamadı',
    generationFailedIntro: (credits: number) => `Üretiminiz tamamlanamadı ve kullanılan ${credits} kredi hesabınıza iade edildi.`,
    generationFailedReason: (reason: string) => `Hata: ${reason}`,
    lowCreditsSubject: 'Kredileriniz azalıyor',
    lowCreditsIntro: (balance: number) => `Kalan krediniz: ${balance}. Kesintisiz devam etmek için yeni bir paket seçebilirsiniz.`,
    lowCreditsButton: 'Paketleri incele',
    paymentSubject: 'Ödemeniz alındı',
    paymentIntro: (plan: string, credits: number) => `${plan} paketi için ödemeniz alındı ve hesabınıza ${credits} kredi eklendi.`,
    /** `₺2.990 · KDV dahil` and the invoice number. */
    paymentAmount: (amount: string, invoiceNumber: string) =>
      `Ödenen tutar: ${amount}. Faturanız (${invoiceNumber}) bu e-postanın ekindedir.`,
    deletionRequestedSubject: 'Hesap silme talebiniz alındı',
    deletionRequestedIntro:
      'Hesabınızın silinmesi için talebinizi aldık. Yönetici ekibimiz talebi yerine getirdiğinde size ayrıca bilgi vereceğiz.',
    accountDeletedSubject: 'Hesabınız silindi',
    accountDeletedIntro:
      'Hesap silme talebiniz yerine getirildi: dosyalarınız silindi, kişisel bilgileriniz kaldırıldı ve tüm oturumlarınız kapatıldı. Ödeme kayıtları yasal yükümlülükler nedeniyle kimliğinizle ilişkilendirilmeden saklanır.',
    exportReadySubject: 'Verileriniz indirilmeye hazır',
    exportReadyIntro: 'İstediğiniz veri paketi hazır. Ayarlar sayfasından 24 saat boyunca indirebilirsiniz.',
    exportButton: 'Ayarlara git',
  },

  /** Issue 24 (docs/history.md): the seller API's reference (the OpenAPI document's texts and the page at /api/docs). */
  apiDocs: {
    title: 'Vitrin AI API',
    pageTitle: 'Vitrin AI API başvuru belgesi',
    intro:
      'Vitrin AI stüdyosunu kendi sisteminizden çalıştırın: ürün fotoğrafını gönderin, pazaryerine hazır 4 görseli (1. görsel beyaz arka planlı pazaryeri görseli, diğerleri açıklamanızdaki sahneler) veya kısa bir ürün videosunu alın, pazaryeri paketini zip olarak indirin. API ile yapılan üretimler web sayfasındaki gibi kredi kullanır, aynı sıraya girer ve aynı sınırlara tabidir; başarısız bir üretimin kredisi iade edilir.',
    authTitle: 'Kimlik doğrulama',
    auth: 'Her isteğe "Authorization: Bearer ANAHTARINIZ" başlığını ekleyin. Anahtarları müşteri panelindeki API sayfasında oluşturur ve iptal edersiniz; anahtar yalnızca oluşturulduğunda bir kez gösterilir ve vk_live_ (canlı) veya vk_test_ (test) ile başlar. Eksik, hatalı veya iptal edilmiş bir anahtar 401 yanıtı alır.',
    securityDescription: 'Müşteri panelindeki API sayfasında oluşturulan anahtar (vk_live_… canlı, vk_test_… test).',
    testModeTitle: 'Test modu',
    testMode: (max: number) =>
      `API sayfasında canlı anahtarların yanında test anahtarları (vk_test_…) da oluşturabilirsiniz. Test anahtarıyla yapılan istekler canlı olanlarla aynı yoldan geçer ve aynı biçimde doğrulanır, ama kredi düşülmez (X-Credits-Charged: 0; bakiye yetersiz olsa da 402 dönmez) ve çıktılar en fazla ${max} piksel boyunda, sol üst köşesinde görünür bir "TEST" işaretiyle üretilir. Test üretimleri canlı olanlardan ayrı tutulur: test anahtarı yalnızca test üretimlerini, canlı anahtar yalnızca canlı üretimleri listeler, okur, indirir ve siler (öteki tür 404 döner); test üretimleri web sayfasındaki geçmişte ve panoda görünmez. Yanıtlarda ve webhook gövdesinde livemode alanı test üretimleri için false, canlı üretimler için true olur. Fotoğraf ve istek sınırları iki tür için ortaktır.`,
    acceptanceTitle: 'Kabul ve dekupaj',
    acceptance:
      'Görsel ve video istekleri kredi ve form denetiminden sonra hemen kabul edilir (202); ürünün fotoğraftan ayrılması (dekupaj) üretim sırasında değerlendirilir. Dekupaj güvenilir bulunmazsa ve allowFramed=true gönderilmediyse üretim needs_consent durumuyla biter: görsel üretilmez, düşülen kredi aynı işlemde iade edilir, webhook generation.needs_consent olayı gönderilir. Görselleri çerçeveli fotoğrafla almak için aynı fotoğrafı allowFramed=true ile veya ürünün kutusunu subject alanında vererek yeniden gönderin. subject gönderilirse dekupaj üretim sırasında o kutuya göre yapılır.',
    quickstartTitle: 'Hızlı başlangıç: curl ile fotoğraftan Trendyol paketine',
    quickstartSteps: [
      '1. Fotoğrafı ve sahne açıklamasını gönderin; yanıt üretimin kimliğini (id) verir.',
      '2. Durum "completed" olana kadar birkaç saniyede bir sorgulayın ("failed" veya "needs_consent" ise errorMessage nedeni söyler ve kredi iade edilmiştir; needs_consent için allowFramed=true veya subject ile yeniden gönderin).',
      '3. Görselleri outputs içindeki adreslerden aynı anahtarla indirin.',
      '4. Trendyol için hazır zip paketini indirin (diğer pazaryerleri: hepsiburada, n11, amazon, ciceksepeti, instagram, square).',
    ],
    endpointsTitle: 'Uç noktalar',
    fieldsTitle: 'Form alanları',
    paramsTitle: 'Yol parametreleri',
    responsesTitle: 'Yanıtlar',
    required: 'zorunlu',
    optional: 'isteğe bağlı',
    errorsTitle: 'Hatalar',
    errorsIntro:
      'Hatalar JSON olarak döner: { "error": { "code": "…", "message": "…" } }. message Türkçedir ve kullanıcıya gösterilebilir; code değişmez ve programınızda ona bakabilirsiniz.',
    limitsTitle: 'Sınırlar',
    limits: (uploads: number, uploadMinutes: number, exports: number, exportMinutes: number) =>
      `Web sayfasıyla aynı satıcı sınırları geçerlidir: ${uploadMinutes} dakikada ${uploads} fotoğraf (görsel, video ve dekupaj isteklerinin her biri bir fotoğraftır), ${exportMinutes} dakikada ${exports} pazaryeri paketi. Sınır aşıldığında 429 yanıtı ve kaç saniye sonra tekrar deneyebileceğinizi söyleyen Retry-After başlığı döner. Aynı anda sizin için işlenen üretim sayısı da sınırlıdır; fazlası sırada bekler.`,
    webhooksTitle: 'Webhook',
    webhooks:
      'Panelde bir webhook adresi kaydederseniz, üretimleriniz tamamlandığında, başarısız olduğunda veya onay gerektirdiğinde (needs_consent) bu adrese JSON gövdeli bir POST isteği gönderilir: { "id": "<olay kimliği>", "type": "generation.completed" | "generation.failed" | "generation.needs_consent", "livemode": <test anahtarıyla yapılan üretimde false, canlıda true>, "attempt": <deneme numarası, 1\'den başlar>, "createdAt": "<olayın zamanı>", "data": { …GET /api/v1/generations/{id} yanıtı… } }. 2xx dışındaki yanıtlar ve ulaşılamayan adresler bir gün boyunca artan aralıklarla yeniden denenir; her deneme panelde görünür. Aynı olay birden fazla gelebilir (ör. yanıtınız zaman aşımına uğrarsa): id (webhook-id başlığı) her denemede aynıdır, onunla tekilleştirin; attempt (X-Vitrin-Attempt başlığı) kaçıncı deneme olduğunu söyler. Adres üretimde https olmalıdır ve yerel ağa veya özel IP adreslerine yönlendirilemez.',
    signatureTitle: 'İmzayı doğrulama',
    signature:
      'Her istek iki imza taşır. Standard Webhooks (standardwebhooks.com) başlıkları: webhook-id (olay kimliği), webhook-timestamp (unix saniye) ve webhook-signature: v1,<imza>; imza, "<webhook-id>.<webhook-timestamp>.<ham gövde>" metninin HMAC-SHA256 özetinin base64 yazımıdır, anahtar imza anahtarınızın whsec_ sonrasındaki base64 baytlarıdır (Standard Webhooks kitaplıkları whsec_ anahtarını doğrudan kabul eder). Eski alıcılar için X-Vitrin-Signature: t=<unix saniye>,v1=<imza>; imza, "<t>.<ham gövde>" metninin imza anahtarınızın tamamıyla HMAC-SHA256 özetinin onaltılık yazımıdır. İmza anahtarını paneldeki "İmza anahtarını yenile" ile değiştirebilirsiniz: eski anahtar 24 saat daha geçerlidir ve bu sürede her istek iki anahtarla da imzalanır (webhook-signature boşlukla ayrılmış iki imza, X-Vitrin-Signature iki v1 taşır); herhangi biri tutuyorsa isteği kabul edin. Gövdeyi ayrıştırmadan önce ham haliyle doğrulayın, karşılaştırmayı sabit zamanlı yapın ve eski zaman damgalarını (ör. 5 dakikadan eski) reddedin.',
    codesTitle: 'Hata kodları',
    codes: {
      UNAUTHENTICATED: 'Anahtar eksik, hatalı veya iptal edilmiş (401).',
      NOT_FOUND: 'Kayıt yok ya da başka bir satıcıya ait (404).',
      METHOD_NOT_ALLOWED: 'Adres bu HTTP yöntemini kabul etmiyor; Allow başlığı kabul edilenleri söyler (405).',
      VALIDATION: 'Form alanları, fotoğraf veya parametreler geçersiz; message hangisi olduğunu söyler (422).',
      INSUFFICIENT_CREDITS: 'Kredi yetersiz; hiçbir şey düşülmedi (402).',
      NEEDS_FRAMED_CONSENT:
        'Ürün fotoğraftan güvenle ayrılamadı. Görsel ve video istekleri bunu yanıt olarak değil, üretimin needs_consent durumu olarak bildirir (kredi iade edilir); allowFramed=true veya subject ile yeniden gönderin.',
      CONFLICT: 'Aynı Idempotency-Key ile ilk istek sürüyor ya da üretim henüz bitmedi (409).',
      QUOTA_EXCEEDED: 'Dosya çok büyük (10 MB) veya depolama kotanız dolu (413).',
      RATE_LIMITED: 'Satıcı sınırı aşıldı; Retry-After kadar bekleyin (429).',
      MAINTENANCE: 'Bakım çalışması; biraz sonra tekrar deneyin (503).',
      UNAVAILABLE: 'Hizmet geçici olarak kullanılamıyor; biraz sonra tekrar deneyin (503).',
      INTERNAL: 'Beklenmeyen bir hata (500).',
    } as Record<string, string>,
    costsTitle: 'Ücretler',
    costs: (image: number, video: number) =>
      `Görsel üretimi (4 görsel) ${image} kredi, video üretimi ${video} kredi. Dekupaj, sorgulama, indirme ve paketler ücretsizdir. Başarısız bir üretimin kredisi iade edilir. Kredi düşen yanıtlarda X-Credits-Charged başlığı düşülen krediyi söyler; güncel ücretler ve bakiye GET /api/v1/account yanıtındadır.`,
    inputLimits: (megabytes: number, megapixels: number) =>
      `Fotoğraf: JPEG, PNG veya WEBP (dosyanın içeriğine bakılır), en fazla ${megabytes} MB ve ${megapixels} megapiksel, tek dosya (photo alanı). Metin alanları en fazla 8 KB, form en fazla 10 alan. Ölçüler piksel, süreler saniyedir. subject ve scene alanları JSON metni olarak gönderilir; biçimleri aşağıdaki Subject ve Scene şemalarındadır.`,
    rateHeaders:
      'Her yanıtta RateLimit-Limit, RateLimit-Remaining ve RateLimit-Reset başlıkları bulunur. Kendi sınırı olan işlemlerde (görsel, video ve dekupaj fotoğraf sınırına, paketler paket sınırına tabidir) bu başlıklar o sınırı, diğerlerinde API istek sınırını (anahtarla satıcı başına dakikada 600, anahtarsız adres başına dakikada 300 istek) gösterir. Reddedilen istekler (4xx) fotoğraf ve paket sınırlarından düşülmez; istek sınırına her istek sayılır.',
    idempotencyTitle: 'Tekrar denemeler (Idempotency-Key)',
    idempotency:
      'Her POST isteğine bir Idempotency-Key başlığı (ör. bir UUID) ekleyebilirsiniz. Bağlantı koptuğunda aynı istek aynı anahtarla tekrar gönderilirse 24 saat boyunca ilk başarılı yanıt (Idempotent-Replayed: true başlığıyla) döner ve kredi ikinci kez düşülmez. Aynı anahtar farklı bir istekle kullanılırsa 422, ilk istek hâlâ sürüyorsa 409 döner. Reddedilen istekler saklanmaz; aynı anahtarla düzeltilip yeniden gönderilebilir.',
    retentionTitle: 'Saklama',
    retention: (days: number) =>
      `Üretimler ve dosyaları siz silene (DELETE /api/v1/generations/{id}) veya hesabınız silinene kadar saklanır. Hiçbir üretimin kullanmadığı fotoğraflar ve dekupajları ${days} gün sonra silinir.`,
    webhookRetries:
      'Yeniden deneme takvimi: ilk başarısız denemeden 30 saniye sonra, sonra her seferinde iki katı (±%25), en fazla 4 saat arayla; 24 saat sonra bırakılır. Her deneme 10 saniyede zaman aşımına uğrar. Aynı bildirim birden fazla gelebilir; id (webhook-id başlığı) ile tekilleştirin.',
    methods: '405: bir adres kabul etmediği bir HTTP yöntemiyle çağrılırsa, kabul edilen yöntemler Allow başlığında döner.',
    openapiTitle: 'OpenAPI belgesi',
    openapi: 'Bu sayfanın makine tarafından okunabilen hali (OpenAPI 3.1):',
    example: 'Örnek',
    ops: {
      createImage: {
        summary: 'Görsel üretimi başlat',
        description:
          'Ürün fotoğrafından 4 görsel üretir: 1. görsel beyaz arka planlı pazaryeri görseli, 2-4. görseller açıklamadaki sahneler. Bir görsel üretiminin kredisi düşülür ve üretim hemen sıraya alınır (202); dekupaj üretim sırasında değerlendirilir, güvenilir değilse ve allowFramed=true değilse üretim needs_consent durumuyla biter ve kredisi iade edilir. subject ile ürünün kutusunu verirseniz dekupaj o kutuya göre yapılır. Test anahtarıyla kredi düşülmez.',
      },
      createVideo: {
        summary: 'Video üretimi başlat',
        description:
          'Ürün fotoğrafından kısa bir ürün videosu (MP4) üretir. Bir video üretiminin kredisi düşülür ve üretim sıraya alınır (202).',
      },
      getGeneration: {
        summary: 'Üretimin durumu ve sonuçları',
        description:
          'status: queued, processing, completed, failed veya needs_consent (dekupaj güvenilir değildi; kredi iade edildi, allowFramed=true veya subject ile yeniden gönderin). livemode: test anahtarıyla yapılan üretimde false. Tamamlanan üretimin outputs listesindeki her adres aynı API anahtarıyla indirilir; role: white (pazaryeri beyaz görseli), scene (sahne), framed (dekupaj yapılamadığında çerçeveli fotoğraf) veya video.',
      },
      getPhoto: {
        summary: 'Ürün fotoğrafını indir',
        description:
          'Üretimin yapıldığı fotoğrafın sunucudaki kopyası (meta verisi temizlenmiş JPEG, PNG veya WEBP), fotoğraf saklandığı sürece; yalnızca üretimin sahibinin anahtarıyla.',
      },
      getOutput: { summary: 'Bir çıktıyı indir', description: 'Üretimin index sıradaki dosyası (JPEG veya MP4).' },
      createCutout: {
        summary: 'Dekupaj (arka planı kaldırma)',
        description:
          'Ürünü fotoğraftan ayırır ve şeffaf PNG olarak saklar; kredi kullanmaz, dekupaj sınırına tabidir. Ürün güvenle ayrılamazsa cutoutUrl null olur ve note nedenini söyler.',
      },
      getCutout: { summary: 'Dekupajı indir', description: 'Şeffaf PNG.' },
      exportZip: {
        summary: 'Pazaryeri paketi (zip)',
        description: 'Tamamlanmış bir görsel üretiminin görselleri, pazaryerinin ölçülerinde JPEG olarak tek zip dosyasında.',
      },
      openapi: { summary: 'OpenAPI belgesi', description: 'Bu API’nin OpenAPI 3.1 tanımı.' },
      getAccount: {
        summary: 'Hesap: kredi, paket, sınırlar',
        description: 'Kredi bakiyeniz, paketiniz ve dönem sonu, işlem ücretleri ve satıcı sınırlarınızın şu anki durumu.',
      },
      listGenerations: {
        summary: 'Üretimleri listele',
        description:
          'En yeniden eskiye, sayfa sayfa. Yanıttaki nextCursor değerini cursor parametresiyle gönderince sonraki sayfa gelir; nextCursor null ise son sayfadır. status ve type ile süzülebilir.',
      },
      deleteGeneration: {
        summary: 'Üretimi sil',
        description:
          'Üretimi ve dosyalarını (görseller, video) kalıcı olarak siler; kredi iade edilmez. Bitmemiş bir üretim silinemez (409).',
      },
      webhook: {
        summary: 'Üretim bitti bildirimi',
        description:
          'Üretiminiz tamamlandığında, başarısız olduğunda veya dekupaj güvenilir olmadığı için onay gerektirdiğinde (needs_consent) kayıtlı webhook adresinize gönderilir; livemode test üretimlerinde false.',
      },
    },
    responses: {
      accepted: 'Üretim sıraya alındı.',
      generation: 'Üretim.',
      file: 'Dosya.',
      zip: 'Zip dosyası.',
      cutout: 'Dekupaj sonucu.',
      openapi: 'OpenAPI belgesi.',
      webhookOk: 'Herhangi bir 2xx yanıtı bildirimi teslim edilmiş sayar.',
      signatureHeader: 't=<unix saniye>,v1=<HMAC-SHA256 onaltılık> (imza anahtarı yenilenirken her geçerli anahtar için bir v1)',
      webhookId: 'Olayın kimliği (gövdedeki id); her denemede aynı: tekilleştirmek için.',
      webhookTimestamp: 'İmzalandığı an, unix saniye.',
      webhookSignature:
        'v1,<"<webhook-id>.<webhook-timestamp>.<gövde>" metninin HMAC-SHA256 özeti, base64>; imza anahtarı yenilenirken boşlukla ayrılmış iki imza.',
      attemptHeader: 'Kaçıncı deneme (1, 2, …; gövdedeki attempt).',
      retryAfter: 'Kaç saniye sonra tekrar deneyebileceğiniz.',
      account: 'Hesap.',
      list: 'Üretimler, en yenisi önce.',
      deleted: 'Silindi; gövde yok.',
      creditsCharged: 'Bu istekle düşülen kredi (tekrar gönderilen bir Idempotency-Key için 0).',
      idempotencyKey:
        'İsteğe bağlı, en fazla 255 karakter. Aynı anahtarla 24 saat içinde tekrar gönderilen istek ilk yanıtı alır ve yeniden ücretlendirilmez; anahtar farklı bir istekle kullanılırsa 422.',
      replayed: 'true: bu yanıt aynı Idempotency-Key ile gönderilen ilk isteğin kaydedilmiş yanıtıdır.',
      rateLimitLimit: 'Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı.',
      rateLimitRemaining: 'Penceredeki kalan istek.',
      rateLimitReset: 'Pencerenin sıfırlanmasına kalan saniye.',
      409: 'Çakışma: aynı Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor ya da üretim henüz bitmedi (message durumunu söyler).',
      412: 'Ürün fotoğraftan güvenle ayrılamadı; görselleri çerçeveli fotoğrafla almak için allowFramed=true veya ürünün kutusunu subject ile gönderin. Kredi düşülmedi.',
      401: 'Anahtar eksik, hatalı veya iptal edilmiş.',
      402: 'Krediniz yetersiz.',
      404: 'Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır).',
      413: 'Fotoğraf çok büyük veya depolama kotanız dolu.',
      422: 'Form alanları veya fotoğraf geçersiz.',
      429: 'Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin.',
    } as Record<string, string>,
  },
} as const;

/** This part's own texts, as every translation must fill them. */
export type ServerTexts = Texts<typeof OWN>;
export const TR = { ...BELOW, ...OWN } as const;
export const EN = { ...EN_BELOW, ...EN_OWN };
/** The texts in the active language (Turkish unless English was chosen). */
export const M = localized(TR, EN);
