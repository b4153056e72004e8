/**
 * The message catalogue, part "server": Texts only the server sends (e-mails), on top of everything else: the whole catalogue.
 * Every Turkish text a user sees is written once in one of these parts; texts quoted in SPEC.md /
 * DECISIONS.md are copied to the letter. Add a text to the part of the screens that show it.
 */
import { TR as BELOW, EN as EN_BELOW } from './admin';
import { localized, type Texts } from './localize';
import { OWN as EN_OWN } from './en/server';

const OWN = {
  /** Issue 13: e-mails the product sends (subjects and bodies; HTML and text share these). */
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
    paymentIntro: (plan: string, credits: number) =>
      `${plan} paketi için ödemeniz alındı ve hesabınıza ${credits} kredi eklendi. Faturanız bu e-postanın ekindedir.`,
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
} as const;

/** This part's own texts, as every translation must fill them. */
export type ServerTexts = Texts<typeof OWN>;
export const TR = { ...BELOW, ...OWN } as const;
export const EN = { ...EN_BELOW, ...EN_OWN };
/** The texts in the active language (Turkish unless English was chosen). */
export const M = localized(TR, EN);
