/**
 * The message catalogue, part "admin": Texts of the back-office and the database seed defaults, on top of the seller ones. Never in a
 * public or seller chunk.
 * Every Turkish text a user sees is written once in one of these parts; texts quoted in docs/product.md /
 * docs/decisions.md are copied to the letter. Add a text to the part of the screens that show it.
 */
import { TR as BELOW, EN as EN_BELOW } from './app';
import { localized, type Texts } from './localize';
import type { Language } from './language';
import { LANDING_DEFAULTS_EN } from './en/landing-defaults';

const OWN = {
  /** Built-in defaults for admin-editable content and settings. */
  defaults: {
    siteDescription: 'Ürün fotoğraflarınızı saniyeler içinde profesyonel stüdyo görsellerine ve videolara dönüştürün.',
    content: {
      hero: {
        title: ['Ürün fotoğraflarınızı yapay zekâ ile vitrine hazırlayın', 'Ana başlık'],
        subtitle: [
          'Tek bir ürün fotoğrafı yükleyin; filigransız 4 stüdyo görseli ve kısa bir ürün tanıtım videosu dakikalar içinde hazır.',
          'Ana başlığın altındaki açıklama',
        ],
        cta_primary: ['10 Ücretsiz Kredi ile Başla', 'Birincil buton'],
        cta_secondary: ['Fiyatları İncele', 'İkincil buton'],
      },
      stats: {
        title: ['Rakamlarla Vitrin AI', 'İstatistik bölümü başlığı'],
      },
      features: {
        title: ['Neden Vitrin AI?', 'Özellikler bölümü başlığı'],
        subtitle: ['Stüdyo, fotoğrafçı ve bekleme olmadan profesyonel ürün görselleri.', 'Özellikler bölümü açıklaması'],
      },
      portfolio: {
        title: ['Referans Çalışmalarımız', 'Referanslar bölümü başlığı'],
        subtitle: ['Satıcılarımızın ürün fotoğraflarının önce ve sonra hâlleri.', 'Referanslar bölümü açıklaması'],
      },
      testimonials: {
        title: ['Müşterilerimiz Ne Diyor?', 'Yorumlar bölümü başlığı'],
        subtitle: ['Türkiye’nin dört bir yanından e-ticaret satıcılarının deneyimleri.', 'Yorumlar bölümü açıklaması'],
      },
      cta: {
        title: ['Ürünleriniz hak ettiği vitrine kavuşsun', 'Kapanış çağrısı başlığı'],
        subtitle: ['Kredi kartı gerekmeden 10 ücretsiz kredi ile hemen deneyin.', 'Kapanış çağrısı açıklaması'],
        button: ['10 Ücretsiz Kredi ile Başla', 'Kapanış çağrısı butonu'],
      },
      legal: {
        privacy: [
          `## Hangi verileri tutuyoruz
{site_name} hizmetini sunabilmek için yalnızca gerekli verileri saklarız:
- Hesap bilgileri: ad soyad, e-posta adresi, isteğe bağlı firma adı ve telefon, şifrenizin geri çevrilemez özeti (şifrenin kendisi saklanmaz).
- Fotoğraflar: üretim için yüklediğiniz ürün fotoğrafları (yüklenirken konum gibi üst veriler silinir).
- Üretilen çıktılar: oluşturulan görseller, videolar ve üretim ayarlarınız (istem metni, süre, en-boy oranı).
- Ödemeler: satın aldığınız paket, tutar, kredi hareketleri ve faturalar. Kart bilgileriniz bize ulaşmaz; ödeme, ödeme sağlayıcısının sayfasında alınır.
- Güvenlik kayıtları: oturumlar ve kötüye kullanımı önlemek için sınırlı süreli deneme sayaçları.

## Verileri ne için kullanıyoruz
Hesabınızı yönetmek, ürün görsellerinizi ve videolarınızı üretmek, kredilerinizi ve faturalarınızı tutmak, şifre sıfırlama ve tercih ettiğiniz bildirimleri göndermek için. Verilerinizi satmayız ve reklam amacıyla paylaşmayız.

## Fotoğraflarınızın işlenmesi
{ai_transfer}

## Saklama süresi ve haklarınız
Hiçbir üretimde kullanmadığınız ürün fotoğrafları, yüklendikten {upload_retention_days} gün sonra otomatik olarak silinir. Diğer verileriniz hesabınız açık olduğu sürece saklanır. Ayarlar sayfasındaki "Verilerimi indir" ile tüm verilerinizi indirebilir, aynı sayfadan hesap silme talebi gönderebilirsiniz. Silmede dosyalarınız kaldırılır, kişisel bilgileriniz silinir; yasal yükümlülük gereği ödeme kayıtları kimliğinizle ilişkilendirilmeden saklanır.

## İletişim
Sorularınız için: {support_email} · {support_phone} · {contact_address}`,
          'Gizlilik Politikası metni · {site_name}, {support_email}, {support_phone}, {contact_address}, {ai_transfer} ve {upload_retention_days} ayarlardan doldurulur',
        ],
        terms: [
          `## Hizmet
{site_name}, e-ticaret satıcılarının ürün fotoğraflarından yapay zekâ ile ürün görselleri ve videoları üretmesini sağlayan bir hizmettir. Hesap oluşturarak bu koşulları kabul etmiş olursunuz.

## Hesabınız
Kayıt sırasında verdiğiniz bilgilerin doğru olmasından ve şifrenizin gizliliğinden siz sorumlusunuz. Hesabınızda yetkisiz bir işlem fark ederseniz bize hemen bildirin.

## Krediler ve ödemeler
Üretimler kredi ile yapılır; her işlemin kredi maliyeti üretim ekranında gösterilir. Başarısız olan bir üretimin kredisi otomatik olarak iade edilir. Paket kredileri, paketin süresi sonunda geçerliliğini yitirir. Ödemeler ödeme sağlayıcısının güvenli sayfasında alınır ve her ödeme için fatura düzenlenir.

## Yüklediğiniz içerik
Yüklediğiniz fotoğrafların size ait olması ya da kullanma hakkınızın bulunması gerekir. Hukuka aykırı, başkasının haklarını ihlal eden veya yanıltıcı içerik yüklemeyin. Üretilen görselleri ve videoları filigransız olarak ticari amaçla kullanabilirsiniz.

## Sorumluluk
Yapay zekâ çıktıları her zaman kusursuz olmayabilir; çıktıları yayımlamadan önce ürününüzü doğru yansıttığını kontrol etmeniz gerekir. Hizmeti bakım veya güvenlik nedeniyle geçici olarak durdurabiliriz.

## Hesabın kapatılması
Ayarlar sayfasından hesap silme talebi gönderebilirsiniz. Bu koşullara aykırı kullanımda hesabınızı devre dışı bırakabiliriz.

## İletişim
{support_email} · {support_phone} · {contact_address}`,
          'Kullanım Koşulları metni · {site_name}, {support_email}, {support_phone}, {contact_address} ve {ai_transfer} ayarlardan doldurulur',
        ],
        kvkk: [
          `## Veri sorumlusu
6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") uyarınca kişisel verileriniz, veri sorumlusu sıfatıyla {site_name} tarafından aşağıda açıklanan şekilde işlenir. İletişim: {support_email} · {support_phone} · {contact_address}

## İşlenen kişisel veriler
- Kimlik ve iletişim: ad soyad, e-posta adresi, isteğe bağlı firma adı ve telefon.
- Müşteri işlem: yüklediğiniz ürün fotoğrafları, üretilen görseller ve videolar, üretim ayarları, kredi hareketleri.
- Finans: satın alınan paket, ödenen tutar, faturalar (kart bilgisi işlenmez).
- İşlem güvenliği: oturum kayıtları, IP adresine bağlı deneme sayaçları.

## İşleme amaçları ve hukuki sebepler
Verileriniz; sözleşmenin kurulması ve ifası (KVKK m. 5/2-c), hukuki yükümlülüklerimizin yerine getirilmesi (m. 5/2-ç) ve hizmet güvenliğine ilişkin meşru menfaatimiz (m. 5/2-f) sebeplerine dayanarak hesabınızı yönetmek, üretim yapmak, ödemeleri ve faturaları tutmak ve size bilgilendirme e-postaları göndermek amacıyla işlenir.

## Aktarım
{ai_transfer} Ödeme bilgileri yalnızca ödeme sağlayıcısıyla, yasal zorunluluk hâlinde yetkili kurumlarla paylaşılır.

## Haklarınız (KVKK m. 11)
Verilerinizin işlenip işlenmediğini öğrenme, bilgi talep etme, düzeltilmesini veya silinmesini isteme, aktarıldığı üçüncü kişileri öğrenme, itiraz etme ve zararın giderilmesini talep etme haklarına sahipsiniz. Verilerinizin bir kopyasını Ayarlar sayfasındaki "Verilerimi indir" ile alabilir, aynı sayfadan silme talebi gönderebilirsiniz. Diğer talepleriniz için {support_email} adresine yazabilirsiniz; talepleriniz en geç 30 gün içinde yanıtlanır.`,
          'KVKK Aydınlatma Metni · {site_name}, {support_email}, {support_phone}, {contact_address} ve {ai_transfer} ayarlardan doldurulur',
        ],
        cookies: [
          `## Kullandığımız çerezler
{site_name} yalnızca hizmetin çalışması için zorunlu çerezleri kullanır:
- Oturum çerezi: giriş yaptığınızda oturumunuzu açık tutar. "Beni hatırla" seçiliyse 30 gün, değilse tarayıcı kapanana kadar geçerlidir.
- Yönetici oturum çerezi: yalnızca yönetim paneline giriş yapanlar için.

Bu çerezler HttpOnly'dir, yani sayfadaki betikler tarafından okunamaz, ve yalnızca bu siteye gönderilir.

## Kullanmadığımız çerezler
Reklam, analiz, izleme veya üçüncü taraf çerezi kullanmıyoruz. Çerez bildirimini kapattığınızda bu tercih yalnızca tarayıcınızın yerel deposunda tutulur.

## Çerezleri yönetmek
Tarayıcınızın ayarlarından çerezleri silebilirsiniz; bu durumda oturumunuz kapanır ve yeniden giriş yapmanız gerekir.

## İletişim
{support_email}`,
          'Çerez Politikası metni · {site_name}, {support_email}, {support_phone}, {contact_address} ve {ai_transfer} ayarlardan doldurulur',
        ],
      },
    },
    /**
     * Each seeded stat is bound to a figure this install counts itself (hidden while it is zero), or
     * to the upscaler for "4K"; nothing here is a made-up number.
     */
    stats: [
      { number: '', metric: 'images', label: 'Oluşturulan görsel', icon: 'Camera', icon_color: 'text-blue-600' },
      { number: '', metric: 'sellers', label: 'Satıcı', icon: 'Users', icon_color: 'text-green-600' },
      { number: '4K', metric: 'upscale', label: 'Çıktı çözünürlüğü', icon: 'Sparkles', icon_color: 'text-purple-600' },
      { number: '', metric: 'avg_seconds', label: 'Ortalama üretim süresi', icon: 'Clock', icon_color: 'text-orange-600' },
    ],
    statUnits: {
      seconds: (n: string) => `${n} sn`,
      minutes: (n: string) => `${n} dk`,
    },
    features: [
      {
        title: 'Pazaryeri ölçülerinde',
        description: 'Beyaz fonlu ana görsel ve sahneler; Trendyol, Hepsiburada, Amazon ve Instagram ölçülerinde tek tıkla indirin.',
        icon: 'Sparkles',
        icon_color: 'text-purple-600',
      },
      {
        title: 'Filigransız ticari kullanım',
        description: 'Ürettiğiniz görselleri mağazanızda ve reklamlarınızda özgürce kullanın.',
        icon: 'Shield',
        icon_color: 'text-green-600',
      },
      {
        title: 'Kısa ürün videoları',
        description: 'Tek fotoğraftan 5-10 saniyelik, 1080p hareketli tanıtım videosu; yatay (16:9) ya da dikey (9:16).',
        icon: 'Video',
        icon_color: 'text-blue-600',
      },
      {
        title: 'Dakikalar içinde hazır',
        description: 'Fotoğraf çekimi ve rötuş beklemeden, 4 farklı görsel bir dakikada elinizde.',
        icon: 'Zap',
        icon_color: 'text-orange-600',
      },
    ],
    testimonials: [
      {
        name: 'Elif Yılmaz',
        company: 'Ahşap Atölyesi',
        rating: 5,
        text: 'Sehpa ve raf fotoğraflarımız artık katalog kalitesinde. Satışlarımız ilk ayda belirgin şekilde arttı.',
      },
      {
        name: 'Mert Kaya',
        company: 'Kaya Gümüş',
        rating: 5,
        text: 'Takı çekimleri için her hafta stüdyoya gidiyorduk. Şimdi tek fotoğrafla dört farklı görsel alıyoruz.',
      },
      {
        name: 'Zeynep Demir',
        company: 'Dokuma Ev Tekstili',
        rating: 4,
        text: 'Kırlent ve örtü ürünlerimizin videoları Instagram’da çok ilgi gördü. Kullanımı da son derece kolay.',
      },
    ],
    portfolio: [
      { title: 'Ceviz orta sehpa', category: 'Mobilya', description: 'Atölye fotoğrafından beyaz fonlu katalog görseline.' },
      { title: 'Gümüş kolye', category: 'Takı', description: 'Telefon çekiminden koyu fonlu premium vitrin görseline.' },
      { title: 'Deri cüzdan', category: 'Aksesuar', description: 'Masa üstü çekimden sıcak tonlu yaşam tarzı görseline.' },
    ],
  },

  admin: {
    loginTitle: 'Admin Paneli',
    loginSubtitle: 'Yönetim paneline erişmek için giriş yapın.',
    loginButton: 'Giriş Yap',
    loginFailed: 'Geçersiz admin bilgileri',
    loginSuccess: 'Admin paneline hoş geldiniz!',
    logout: 'Çıkış Yap',
    navDashboard: 'Genel Bakış',
    navUsers: 'Kullanıcılar',
    navCredits: 'Krediler',
    navWebhooks: 'Ödeme Bildirimleri',
    navMessages: 'Mesajlar',
    navContent: 'İçerik Yönetimi',
    navPortfolio: 'Referanslar',
    navTestimonials: 'Yorumlar',
    navSettings: 'Ayarlar',
    navLogs: 'İşlem Kayıtları',
    userNotFound: 'Kullanıcı bulunamadı',
    defaultAdminName: 'Yönetici',
    badge: 'Yönetim',
    backToSite: 'Siteye dön',
    navLabel: 'Yönetim paneli menüsü',
    // docs/product.md §8 Admin
    dashboardLoadFailed: 'Dashboard verileri yüklenirken hata oluştu',
    usersLoadFailed: 'Kullanıcılar yüklenirken hata oluştu',
    creditUpdateFailed: 'Kredi güncellenirken hata oluştu',
    creditUpdated: (n: string) => `Kredi bakiyesi güncellendi: ${n} kredi`,
    messagesLoadFailed: 'Mesajlar yüklenirken hata oluştu',
    messageUpdateFailed: 'Mesaj güncellenirken hata oluştu',
    contentLoadFailed: 'İçerik yüklenirken hata oluştu',
    contentSaveFailed: 'İçerik kaydedilirken hata oluştu',
    settingsLoadFailed: 'Ayarlar yüklenirken hata oluştu',
    settingsSaveFailed: 'Ayarlar kaydedilirken hata oluştu',
    portfolioLoadFailed: 'Referans çalışmaları yüklenirken hata oluştu',
    testimonialsLoadFailed: 'Yorumlar yüklenirken hata oluştu',
    saveFailed: 'Kaydetme sırasında hata oluştu',
    deleteFailed: 'Silme sırasında hata oluştu',
    actionFailed: 'İşlem sırasında hata oluştu',
    // docs/product.md §5 confirmations
    confirmDeletePortfolio: 'Bu referansı silmek istediğinizden emin misiniz?',
    confirmDeleteTestimonial: 'Bu yorumu silmek istediğinizden emin misiniz?',
    confirmContentReset: 'Tüm değişiklikler kaybolacak. Devam etmek istiyor musunuz?',
    // Pages the original only logged failures for
    webhooksLoadFailed: 'Webhook kayıtları yüklenirken hata oluştu',
    logsLoadFailed: 'İşlem kayıtları yüklenirken hata oluştu',
  },

  adminForms: {
    invoicePrefixInvalid: 'Fatura ön eki 3 harf veya rakam olmalıdır (ör. VTR)',
    companyVknInvalid: 'Geçerli bir Vergi Kimlik No (10 hane) veya T.C. Kimlik No (11 hane) giriniz',
    companyMersisInvalid: 'MERSİS No 16 haneli olmalıdır',
    companyEmailInvalid: 'Geçerli bir e-posta adresi giriniz',
    balanceInvalid: 'Geçerli bir kredi miktarı giriniz',
    balanceMin: 'Kredi bakiyesi 0’dan küçük olamaz',
    balanceOverCap: (cap: string) => `Kredi bakiyesi en fazla ${cap} olabilir`,
    imageUrlInvalid: 'Geçerli bir görsel adresi giriniz (https://...)',
    imageRequired: 'Görsel adresi gerekli',
    orderInvalid: 'Sıra bir tam sayı olmalıdır',
    titleRequired: 'Başlık gerekli',
    textRequired: 'Yorum metni gerekli',
    ratingInvalid: 'Puan 1 ile 5 arasında olmalıdır',
    numberInvalid: 'Geçerli bir sayı giriniz',
    numberRange: (min: number, max: number) => `${min} ile ${max} arasında bir değer giriniz`,
    required: 'Bu alan zorunludur',
  },

  adminLive: {
    connected: 'Canlı',
    connectedHint: 'Gerçek zamanlı bağlantı açık; değişiklikler anında görünür.',
    disconnected: 'Bağlantı yok',
    disconnectedHint: (seconds: number) => `Gerçek zamanlı bağlantı kurulamadı; veriler ${seconds} saniyede bir yenileniyor.`,
  },

  adminDashboard: {
    subtitle: 'İşletmenizin güncel durumu tek bakışta.',
    // Issue 38 item 1: the operator's invoice details (settings _Fatura ayarları_).
    issuerMissingTitle: 'Fatura bilgileriniz eksik',
    issuerMissing: (fields: string) => `Faturada satıcı olarak yer alacak bilgileriniz eksik: ${fields}.`,
    issuerBlocking: 'Bunlar tamamlanana kadar ücretli paket satın alınamaz (geçerli bir fatura kesilemez).',
    issuerNotBlocking: 'Canlı ortamda bunlar tamamlanana kadar ücretli paket satın alınamaz.',
    issuerFix: 'Ayarlar’da tamamlayın',
    issuerFields: {
      title: 'Ünvan',
      taxOffice: 'Vergi dairesi',
      vkn: 'Vergi Kimlik No',
      address: 'Adres',
      email: 'E-posta',
      phone: 'Telefon',
    } as Record<string, string>,
    totalUsers: 'Toplam Kullanıcı',
    activeUsers: 'Aktif Kullanıcı',
    activeUsersHint: 'Son 30 günde giriş yapan veya profilini güncelleyen',
    creditsUsedThisMonth: 'Bu Ay Kullanılan Kredi',
    creditsUsedHint: 'Ayın 1’inden bu yana, iadeler düşülerek',
    unreadMessages: 'Okunmamış Mesaj',
    unreadHint: 'İletişim formundan gelen',
    totalCreditsDistributed: 'Dağıtılan Toplam Kredi',
    distributedHint: 'Kullanıcı bakiyelerinin toplamı',
    unlimitedUsers: (n: string) => `Sınırsız ${n} hesap hariç`,
    totalGenerations: 'Toplam Üretim',
    generationsHint: 'Fotoğraf ve video üretimleri',
    chartsTitle: 'Son 30 gün',
    chartSignups: 'Yeni kayıtlar',
    chartGenerations: 'Üretimler',
    chartImages: 'Fotoğraf',
    chartVideos: 'Video',
    chartCredits: 'Kullanılan kredi',
    activityTitle: 'Canlı Aktivite',
    activityEmpty: 'Henüz aktivite yok. Yeni kayıtlar, üretimler, satın alımlar ve mesajlar burada anında görünür.',
    kinds: {
      signup: 'Yeni kayıt',
      generation_created: 'Yeni üretim',
      generation_completed: 'Üretim tamamlandı',
      purchase: 'Satın alma',
      message: 'Yeni mesaj',
    } as Record<string, string>,
    kindOther: 'Etkinlik',
    genImage: 'Fotoğraf',
    genVideo: 'Video',
    quickLinks: 'Hızlı Erişim',
    linkUsers: 'Hesapları görüntüleyin ve düzenleyin',
    linkCredits: 'Kredi bakiyelerini güncelleyin',
    linkMessages: 'İletişim formundan gelen mesajlar',
    linkContent: 'Ana sayfa metinlerini düzenleyin',
  },

  adminUsers: {
    subtitle: 'Tüm müşteri hesapları: arayın, filtreleyin ve düzenleyin.',
    searchPlaceholder: 'E-posta, ad veya firma ara',
    statusLabel: 'Durum',
    statusAll: 'Tümü',
    statusActive: 'Aktif',
    statusPassive: 'Pasif',
    statusDisabled: 'Devre dışı',
    creditLabel: 'Kredi durumu',
    creditAll: 'Tüm krediler',
    creditHas: 'Aktif',
    creditNone: 'Kredi Yok',
    // Issue 38 item 13: the two status badges say what they are about.
    accountBadge: (status: string) => `Hesap: ${status}`,
    creditBadge: (status: string) => `Kredi: ${status}`,
    colUser: 'Kullanıcı',
    colCompany: 'Firma',
    colCredits: 'Kredi',
    colStatus: 'Durum',
    colJoined: 'Kayıt',
    colLastSignIn: 'Son giriş',
    colActions: 'İşlemler',
    edit: 'Düzenle',
    editLabel: (email: string) => `${email} kullanıcısını düzenle`,
    total: (n: string) => `${n} kullanıcı`,
    empty: 'Aramanızla eşleşen kullanıcı yok.',
    never: 'Hiç',
    editTitle: 'Kullanıcıyı Düzenle',
    balanceLabel: 'Kredi bakiyesi',
    balanceHint: (cap: string) => `En fazla ${cap} kredi; üst sınır Ayarlar sayfasından değiştirilebilir.`,
    disabledLabel: 'Hesabı devre dışı bırak',
    disabledHint: 'Devre dışı bir hesap giriş yapamaz; açık oturumları hemen kapatılır.',
    saved: 'Kullanıcı bilgileri güncellendi',
    plan: 'Paket',
    expires: 'Kredi bitişi',
    generations: 'Üretim',
    joined: 'Kayıt tarihi',
    lastSignIn: 'Son giriş',
  },

  adminCredits: {
    subtitle: 'Bakiyeyi yazıp güncelleyin ya da +10 / -10 ile hızlıca değiştirin. Her değişiklik kayda geçer.',
    searchPlaceholder: 'E-posta veya ad ara',
    colUser: 'Kullanıcı',
    colBalance: 'Bakiye',
    colPlan: 'Paket',
    colUpdated: 'Son değişiklik',
    colActions: 'Düzenle',
    apply: 'Güncelle',
    balanceInput: (email: string) => `${email} kredi bakiyesi`,
    addLabel: (email: string) => `${email} için 10 kredi ekle`,
    removeLabel: (email: string) => `${email} için 10 kredi düş`,
    capNote: (cap: string) => `Bakiye üst sınırı: ${cap} kredi`,
    // Issue 38 item 13: a typed balance is confirmed with its difference and a reason the seller reads.
    confirmTitle: 'Kredi değişikliğini onaylayın',
    confirmText: (email: string, from: string, to: string) => `${email} bakiyesi ${from} krediden ${to} krediye değişecek:`,
    reasonLabel: 'Açıklama (satıcı görür)',
    reasonHint: 'Satıcının hesap hareketlerinde "Yönetici düzeltmesi" yanında gösterilir. Boş bırakılabilir.',
    confirmButton: (diff: string) => `Onayla (${diff})`,
    empty: 'Aramanızla eşleşen kullanıcı yok.',
  },

  adminWebhooks: {
    subtitle: 'Ödeme sağlayıcılarından gelen son olaylar ve kredi defterinin son hareketleri.',
    refresh: 'Yenile',
    eventsTitle: 'İşlenen ödeme bildirimleri',
    ledgerTitle: 'Kredi defteri',
    latest: (n: number) => `Son ${n} kayıt`,
    colDate: 'Tarih',
    colProvider: 'Sağlayıcı',
    colEvent: 'Olay',
    colCustomer: 'Müşteri',
    colPlan: 'Paket',
    colAmount: 'Tutar',
    colStatus: 'Durum',
    colDelta: 'Değişim',
    colReason: 'Neden',
    colRef: 'Referans',
    matched: 'Eşleşti',
    unmatched: 'Eşleşmedi',
    unmatchedHint: 'Bu ödeme hiçbir kullanıcıyla eşleşmedi; kredi verilmedi.',
    problems: {
      plan_mismatch: 'Ürün ile ödenen tutar hiçbir paketle eşleşmedi; kredi verilmedi.',
      user_unknown: 'Ödeme hiçbir kullanıcıyla eşleşmedi; kredi verilmedi.',
      customer_conflict: 'Sağlayıcının müşteri kimliği başka bir hesapta kayıtlı; kredi ödemeyi başlatan hesaba verildi.',
    },
    retry: 'Yeniden dene',
    retryLabel: (eventKey: string) => `${eventKey} bildirimini yeniden eşleştir`,
    retryOutcomes: {
      credited: 'Ödeme eşleşti ve krediler hesaba eklendi.',
      already_credited: 'Ödeme eşleşti; krediler daha önce eklenmişti.',
      unmatched: 'Ödeme hâlâ eşleşmiyor; kredi verilmedi.',
      not_retryable: 'Bu bildirim yeniden denenemez ya da zaten eşleşti.',
      provider_error: 'Ödeme sağlayıcısına ulaşılamadı. Lütfen biraz sonra tekrar deneyin.',
    } as Record<string, string>,
    eventsEmpty: 'Henüz ödeme bildirimi yok.',
    ledgerEmpty: 'Henüz kredi hareketi yok.',
    reasons: {
      admin_credit: 'Admin ekleme',
      admin_debit: 'Admin düşme',
      purchase: 'Satın alma',
      trial: 'Deneme kredisi',
      generation: 'Üretim',
      generation_refund: 'Üretim iadesi',
      expired: 'Süre doldu',
    } as Record<string, string>,
  },

  adminMessages: {
    subtitle: 'Ana sayfadaki iletişim formundan gelen mesajlar.',
    searchPlaceholder: 'Ad, e-posta, firma veya mesaj ara',
    filterAll: 'Tümü',
    filterUnread: 'Okunmamış',
    filterRead: 'Okunmuş',
    unreadCount: (n: string) => `${n} okunmamış`,
    empty: 'Bu görünümde mesaj yok.',
    selectPrompt: 'Okumak için listeden bir mesaj seçin.',
    markRead: 'Okundu olarak işaretle',
    markUnread: 'Okunmadı olarak işaretle',
    markedRead: 'Mesaj okundu olarak işaretlendi',
    markedUnread: 'Mesaj okunmadı olarak işaretlendi',
    readBy: (who: string, when: string) => `${when} · ${who} tarafından okundu`,
    reply: 'E-posta ile yanıtla',
    back: 'Mesajlara dön',
    newBadge: 'Yeni',
    company: 'Firma',
    receivedAt: 'Gönderilme',
  },

  adminContent: {
    subtitle: 'Ana sayfadaki metinleri bölüm bölüm düzenleyin; yalnızca değiştirdikleriniz kaydedilir.',
    sections: {
      hero: 'Giriş bölümü',
      stats: 'İstatistikler',
      features: 'Özellikler',
      portfolio: 'Referanslar',
      testimonials: 'Yorumlar',
      cta: 'Kapanış çağrısı',
      legal: 'Yasal sayfalar',
    } as Record<string, string>,
    unsaved: 'Kaydedilmemiş değişiklikler var',
    save: 'Değişiklikleri Kaydet',
    discard: 'Düzenlemeleri geri al',
    reset: 'Varsayılanlara Dön',
    resetTitle: 'Varsayılan metinlere dönülsün mü?',
    resetDone: 'İçerik varsayılan metinlere döndürüldü',
    saved: (n: number) => `${n} metin kaydedildi`,
    noChanges: 'Kaydedilecek değişiklik yok',
    counters: 'İçerik listeleri',
    counterPortfolio: 'Referans çalışması',
    counterTestimonials: 'Müşteri yorumu',
    counterStats: 'İstatistik',
    counterFeatures: 'Özellik',
    activeOf: (active: number, total: number) => `${active} / ${total} yayında`,
    manage: 'Yönet',
    changed: 'Değişti',
    lastUpdated: (when: string) => `Son güncelleme: ${when}`,
  },

  adminPortfolio: {
    subtitle:
      'Ana sayfadaki önce/sonra referans çalışmaları. Kurulumla gelen örnekler taslaktır (gizli); gerçek çalışmalarınızı ekleyip yayınlayın.',
    add: 'Yeni Referans',
    addTitle: 'Yeni Referans',
    editTitle: 'Referansı Düzenle',
    title: 'Başlık',
    description: 'Açıklama',
    category: 'Kategori',
    before: 'Önce görseli',
    after: 'Sonra görseli',
    created: 'Referans eklendi',
    updated: 'Referans güncellendi',
    deleted: 'Referans silindi',
    deleteTitle: 'Referansı sil',
  },

  adminTestimonials: {
    subtitle:
      'Ana sayfada gösterilen müşteri yorumları. Kurulumla gelen örnek yorumlar taslaktır (gizli); yalnızca gerçek müşteri yorumlarını yayınlayın.',
    add: 'Yeni Yorum',
    addTitle: 'Yeni Yorum',
    editTitle: 'Yorumu Düzenle',
    name: 'Ad Soyad',
    company: 'Firma',
    image: 'Profil görseli',
    text: 'Yorum',
    rating: 'Puan',
    empty: 'Henüz yorum eklenmemiş.',
    created: 'Yorum eklendi',
    updated: 'Yorum güncellendi',
    deleted: 'Yorum silindi',
    deleteTitle: 'Yorumu sil',
  },

  /** Issue 38 item 5: a landing text in Turkish and, beside it, in English. */
  adminLanguages: {
    turkish: (label: string) => `${label} · Türkçe`,
    english: (label: string) => `${label} · İngilizce`,
    englishHint: 'Boş bırakılırsa İngilizce sayfada Türkçe metin gösterilir.',
    englishEmpty: 'İngilizcesi yok: İngilizce sayfada Türkçe metin gösterilir',
  },

  adminItems: {
    order: 'Sıra',
    orderHint: 'Küçük sayı önce gösterilir.',
    active: 'Yayında',
    hidden: 'Gizli',
    hide: 'Gizle',
    show: 'Göster',
    edit: 'Düzenle',
    delete: 'Sil',
    shownNow: 'Artık ana sayfada gösteriliyor',
    hiddenNow: 'Artık ana sayfada gizli',
    total: (n: number, active: number) => `${n} kayıt · ${active} yayında`,
    imageUrlPlaceholder: 'https://... ya da dosya yükleyin',
    upload: 'Yükle',
    uploadLabel: (field: string) => `${field} için dosya yükle`,
    uploaded: 'Görsel yüklendi',
    noImage: 'Görsel yok',
  },

  adminSettings: {
    subtitle: 'Site bilgileri, kredi kuralları ve sistem anahtarları. Kaydettiğiniz anda her yerde geçerli olur.',
    siteSection: 'Site ayarları',
    creditSection: 'Kredi ayarları',
    systemSection: 'Sistem ayarları',
    siteName: 'Site adı',
    siteDescription: 'Site açıklaması',
    supportEmail: 'Destek e-postası',
    supportPhone: 'Destek telefonu',
    contactAddress: 'İletişim adresi',
    defaultTrialCredits: 'Deneme kredisi',
    defaultTrialCreditsHint: 'Yeni hesaplara verilen ücretsiz kredi.',
    maxCreditsPerUser: 'Kullanıcı başına en fazla kredi',
    maxCreditsHint: 'Admin kredi düzenlemelerinin üst sınırı; satın alımları sınırlamaz.',
    imageCreditCost: 'Fotoğraf üretimi maliyeti',
    imageCreditCostHint: '4 görsellik bir üretim için kredi.',
    videoCreditCost: 'Video üretimi maliyeti',
    videoCreditCostHint: 'Bir ürün videosu için kredi.',
    maintenanceMode: 'Bakım modu',
    maintenanceHint: 'Site ve müşteri paneli bakım sayfası gösterir; yönetim paneli çalışmaya devam eder.',
    allowRegistrations: 'Yeni kayıtlara izin ver',
    allowRegistrationsHint: 'Kapalıyken kayıt formu “Yeni kayıt şu anda kapalı” yanıtını verir.',
    emailNotifications: 'E-posta bildirimleri',
    emailNotificationsHint:
      'Üretim, kredi ve ödeme bildirimleri (kullanıcı tercihi de açık olmalı). Şifre sıfırlama ve doğrulama e-postaları her zaman gönderilir.',
    requireEmailVerification: 'E-posta doğrulaması zorunlu',
    requireEmailVerificationHint: 'Açıkken adresini doğrulamamış kullanıcılar giriş yapamaz; doğrulama e-postasını yeniden isteyebilirler.',
    save: 'Ayarları Kaydet',
    saved: 'Ayarlar kaydedildi',
    noChanges: 'Kaydedilecek değişiklik yok',
    lastUpdated: (when: string, who: string) => `Son değişiklik: ${when} · ${who}`,
    paymentSection: 'Ödeme ayarları',
    currency: 'Para birimi',
    currencyHint:
      'Sitenin tamamında tek para birimi kullanılır. ABD doları yalnızca Stripe veya Lemon Squeezy ile satış yapılırken seçilebilir; iyzico yalnızca Türk lirası ile çalışır.',
    currencyNames: { TRY: 'Türk lirası (₺)', USD: 'ABD doları ($)' },
    currencyIyzico: 'iyzico ile satış yapılırken para birimi Türk lirası olmalıdır.',
    kdvRate: 'KDV oranı (%)',
    kdvRateHint: 'Fiyatlara dahil olan KDV; faturada matrah ve KDV tutarı bu oranla hesaplanır.',
    priceTry: (plan: string) => `${plan} aylık fiyatı (₺, KDV dahil)`,
    priceTryHint:
      'Sitede gösterilen ve test ödemesi ile iyzico’nun aldığı fiyat; iyzico ödeme planındaki fiyatla aynı olmalıdır. Dolar ile satışta Stripe / Lemon Squeezy ürünlerinin fiyatları geçerlidir.',
    invoiceSection: 'Fatura ayarları',
    invoiceHint:
      'Her faturada satıcı olarak bu bilgiler yer alır. Fatura numarası ön ek, yıl ve 9 haneli sıra numarasından oluşur (ör. VTR2026000000001).',
    invoicePrefix: 'Fatura numarası ön eki',
    companyTitle: 'Ünvan',
    companyTaxOffice: 'Vergi dairesi',
    companyVkn: 'Vergi Kimlik No',
    companyAddress: 'Adres',
    companyMersis: 'MERSİS No',
    companyEmail: 'E-posta',
    companyPhone: 'Telefon',
    storageSection: 'Depolama ayarları',
    storageQuotaMb: 'Satıcı başına depolama kotası (MB)',
    storageQuotaHint: 'Bir satıcının yüklediği fotoğrafların toplam boyutu; dolunca yeni fotoğraf kabul edilmez.',
    uploadRetentionDays: 'Kullanılmayan fotoğrafların saklama süresi (gün)',
    uploadRetentionHint: 'Hiçbir üretimde kullanılmayan fotoğraflar bu süre sonunda silinir; Gizlilik Politikası bu süreyi gösterir.',
  },

  adminLogs: {
    subtitle: 'Yöneticilerin yaptığı her değişiklik, en yeniden eskiye.',
    actionFilter: 'İşlem türü',
    allActions: 'Tüm işlemler',
    colDate: 'Tarih',
    colAdmin: 'Yönetici',
    colAction: 'İşlem',
    colTarget: 'Hedef',
    colChanges: 'Değişiklikler',
    details: 'Ayrıntı',
    detailTitle: 'Kayıt ayrıntısı',
    field: 'Alan',
    oldValue: 'Eski değer',
    newValue: 'Yeni değer',
    empty: 'Henüz işlem kaydı yok.',
    unknownAdmin: 'Silinmiş yönetici',
    total: (n: string) => `${n} kayıt`,
    fieldsChanged: (n: number) => `${n} alan`,
    actions: {
      'credits.set': 'Kredi güncelleme',
      'credits.adjust': 'Hızlı kredi düzenleme',
      'user.update': 'Kullanıcı bilgileri',
      'user.disable': 'Hesap devre dışı',
      'user.enable': 'Hesap yeniden etkin',
      'message.read': 'Mesaj okundu',
      'message.unread': 'Mesaj okunmadı',
      'content.update': 'İçerik güncelleme',
      'content.reset': 'İçerik sıfırlama',
      'portfolio.create': 'Referans ekleme',
      'portfolio.update': 'Referans düzenleme',
      'portfolio.toggle': 'Referans göster/gizle',
      'portfolio.delete': 'Referans silme',
      'testimonial.create': 'Yorum ekleme',
      'testimonial.update': 'Yorum düzenleme',
      'testimonial.toggle': 'Yorum göster/gizle',
      'testimonial.delete': 'Yorum silme',
      'settings.update': 'Ayar güncelleme',
      'upload.create': 'Görsel yükleme',
      'account.delete': 'Hesap silme',
      'deletion.reject': 'Silme talebi reddi',
      'webhook.retry': 'Ödeme bildirimi yeniden deneme',
      'api_key.revoke': 'API anahtarı iptali',
      'generation.retry': 'Üretimi yeniden deneme',
    } as Record<string, string>,
    targets: {
      user: 'Kullanıcı',
      site_content: 'Site içeriği',
      portfolio_item: 'Referans',
      testimonial: 'Yorum',
      settings: 'Ayarlar',
      contact_message: 'Mesaj',
      file: 'Dosya',
      processed_webhook: 'Ödeme bildirimi',
      deletion_request: 'Silme talebi',
      api_key: 'API anahtarı',
      generation: 'Üretim',
    } as Record<string, string>,
  },
  adminEmails: {
    nav: 'E-postalar',
    subtitle: 'Sistemin gönderdiği ve sıradaki e-postalar.',
    noSmtp: 'SMTP_URL ayarlı değil: e-postalar dışarı gönderilmiyor; burada ve sunucu günlüğünde listeleniyor.',
    smtpOn: 'E-postalar SMTP üzerinden gönderiliyor.',
    colDate: 'Tarih',
    colTo: 'Alıcı',
    colSubject: 'Konu',
    colKind: 'Tür',
    colStatus: 'Durum',
    empty: 'Henüz e-posta yok.',
    search: 'Alıcı veya konu ara',
    allStatuses: 'Tümü',
    statusFilter: 'Durum',
    detailTitle: 'E-posta',
    attachments: 'Ekler',
    lastError: 'Son hata',
    attempts: (n: number) => `${n} deneme`,
    redacted: '[gizlendi]',
    status: { queued: 'Sırada', sending: 'Gönderiliyor', sent: 'Gönderildi', failed: 'Gönderilemedi' } as Record<string, string>,
    transport: { smtp: 'SMTP', log: 'Yalnızca kayıt' } as Record<string, string>,
    kinds: {
      password_reset: 'Şifre sıfırlama',
      password_changed: 'Şifre değişti',
      email_verify: 'Adres doğrulama',
      email_change: 'Adres değişikliği',
      email_changed: 'Adres değişti (eski adrese bilgi)',
      generation_completed: 'Üretim tamamlandı',
      generation_failed: 'Üretim başarısız',
      low_credits: 'Kredi azaldı',
      payment_received: 'Ödeme alındı',
      deletion_requested: 'Silme talebi',
      account_deleted: 'Hesap silindi',
      export_ready: 'Veri paketi hazır',
      generic: 'Genel',
    } as Record<string, string>,
  },

  /** Issue 35 item 5: the background queues as the operator sees them ("İşler"). */
  adminJobs: {
    nav: 'İşler',
    subtitle: 'Üretim kuyruğu, şu an işlenen üretimler, başarısız olanlar ve gönderilemeyen webhook ile e-postalar. Canlı güncellenir.',
    countsTitle: 'Durumlara göre',
    runs: 'Üretimler',
    emails: 'E-postalar',
    webhooks: 'Webhook gönderimleri',
    state: {
      queued: 'Sırada',
      processing: 'İşleniyor',
      sending: 'Gönderiliyor',
      completed24h: 'Tamamlandı (24 saat)',
      failed24h: 'Başarısız (24 saat)',
      failed: 'Vazgeçildi',
    } as Record<string, string>,
    processingTitle: 'Şu an işlenenler',
    processingEmpty: 'Şu anda işlenen üretim yok.',
    failedTitle: 'Son başarısız üretimler',
    failedEmpty: 'Başarısız üretim yok.',
    webhooksTitle: 'Gönderilemeyen webhook’lar',
    webhooksEmpty: 'Sorunlu webhook gönderimi yok.',
    emailsTitle: 'Gönderilemeyen e-postalar',
    emailsEmpty: 'Sorunlu e-posta yok.',
    colSeller: 'Satıcı',
    colType: 'Tür',
    colProvider: 'Sağlayıcı',
    colStarted: 'Başladı',
    colAttempt: 'Deneme',
    colProgress: 'İlerleme',
    colFailedAt: 'Tarih',
    colReason: 'Neden',
    colRefund: 'İade',
    colEvent: 'Olay',
    colReceiver: 'Alıcı sunucu',
    colTo: 'Alıcı',
    colKind: 'Tür',
    colStatus: 'Durum',
    colLastError: 'Son hata',
    colNext: 'Sonraki deneme',
    types: { image: 'Görsel', video: 'Video' } as Record<string, string>,
    providers: { local: 'Yerel stüdyo', fal: 'fal.ai' } as Record<string, string>,
    deletedSeller: 'Silinmiş hesap',
    leaseExpired: 'Yanıt vermiyor; başka bir işçi devralacak',
    noReason: '—',
    refunded: (credits: number) => `İade edildi (${credits} kredi)`,
    notRefunded: 'İade yok',
    given_up: 'Vazgeçildi',
    retrying: 'Yeniden denenecek',
    retry: 'Yeniden dene',
    retryLabel: (seller: string) => `${seller} satıcısının başarısız üretimini yeniden dene`,
    retryTitle: 'Üretim yeniden denensin mi?',
    retryText:
      'Üretim yeniden sıraya alınır. Satıcıdan yeniden kredi düşülmez: başarısız üretimin kredisi iade edilmişse yeni deneme ücretsizdir. İşlem, işlem kayıtlarına yazılır.',
    retryConfirm: 'Yeniden dene',
    retried: 'Üretim yeniden sıraya alındı; satıcıdan kredi düşülmedi.',
    notFailed: 'Bu üretim artık başarısız değil; zaten yeniden denenmiş olabilir.',
    notRetryable: {
      erased: 'Bu üretimin hesabı silinmiş; yeniden denenemez.',
      photo_missing: 'Bu üretimin fotoğrafı artık yok; yeniden denenemez.',
    },
    updatedAt: (time: string) => `Son güncelleme: ${time}`,
  },

  adminDeletion: {
    nav: 'Silme Talepleri',
    subtitle:
      'Müşterilerin hesap silme talepleri. Silme; dosyaları kaldırır, kişisel alanları siler, oturumları kapatır ve kredi kayıtlarını kimliksizleştirerek saklar.',
    colDate: 'Talep tarihi',
    colUser: 'Kullanıcı',
    colReason: 'Neden',
    colStatus: 'Durum',
    empty: 'Bekleyen silme talebi yok.',
    execute: 'Hesabı sil',
    reject: 'Reddet',
    confirmTitle: 'Hesap kalıcı olarak silinsin mi?',
    confirmText: (email: string) =>
      `${email} hesabının dosyaları silinecek, kişisel bilgileri kaldırılacak ve oturumları kapatılacak. Bu işlem geri alınamaz.`,
    deleted: 'Hesap silindi ve kullanıcıya bilgi verildi.',
    rejected: 'Talep reddedildi.',
    status: { pending: 'Bekliyor', completed: 'Tamamlandı', rejected: 'Reddedildi' } as Record<string, string>,
    deletedUser: 'Silinmiş kullanıcı',
    runInProgress: 'Bu kullanıcının devam eden bir üretimi var. Üretim bittikten sonra tekrar deneyin.',
    filterPending: 'Bekleyenler',
    filterDone: 'Sonuçlananlar',
    filterAll: 'Tümü',
  },
} as const;

type Defaults = typeof OWN.defaults;
type EachOf<T extends readonly unknown[], V> = { readonly [I in keyof T]: V };
/** The landing's sections (the legal pages are Turkish only). */
type LandingSection = Exclude<keyof Defaults['content'], 'legal'>;

/**
 * The seeded landing texts in one language, shaped like the Turkish defaults (same sections and keys,
 * the lists item for item): the English copy (shared/messages/en/landing-defaults.ts) is typed by it.
 */
export type LandingDefaultTexts = {
  content: { readonly [S in LandingSection]: { readonly [K in keyof Defaults['content'][S]]: string } };
  stats: EachOf<Defaults['stats'], { label: string }>;
  statUnits: Texts<Defaults['statUnits']>;
  features: EachOf<Defaults['features'], { title: string; description: string }>;
  testimonials: EachOf<Defaults['testimonials'], { text: string }>;
  portfolio: EachOf<Defaults['portfolio'], { title: string; description: string }>;
};

const LANDING_SECTIONS = ['hero', 'stats', 'features', 'portfolio', 'testimonials', 'cta'] as const satisfies readonly LandingSection[];

const LANDING_DEFAULTS_TR = {
  content: Object.fromEntries(
    LANDING_SECTIONS.map((section) => [
      section,
      Object.fromEntries(Object.entries(OWN.defaults.content[section]).map(([key, [value]]) => [key, value])),
    ]),
  ) as LandingDefaultTexts['content'],
  stats: OWN.defaults.stats.map((s) => ({ label: s.label })) as unknown as LandingDefaultTexts['stats'],
  statUnits: OWN.defaults.statUnits,
  features: OWN.defaults.features.map((f) => ({
    title: f.title,
    description: f.description,
  })) as unknown as LandingDefaultTexts['features'],
  testimonials: OWN.defaults.testimonials.map((t) => ({ text: t.text })) as unknown as LandingDefaultTexts['testimonials'],
  portfolio: OWN.defaults.portfolio.map((p) => ({
    title: p.title,
    description: p.description,
  })) as unknown as LandingDefaultTexts['portfolio'],
} satisfies LandingDefaultTexts;

/** The seeded landing texts in one language (the seed's English columns, an English visitor's fallback). */
export function landingDefaults(language: Language): LandingDefaultTexts {
  return language === 'en' ? LANDING_DEFAULTS_EN : LANDING_DEFAULTS_TR;
}

export const TR = { ...BELOW, ...OWN } as const;
/** The back office is for the Turkish operator: its own texts stay Turkish in English too. */
export const EN = { ...EN_BELOW, ...OWN };
export const M = localized(TR, EN);
