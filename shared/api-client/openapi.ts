/**
 * GENERATED from the served /api/v1/openapi.json by openapi-typescript: do not edit.
 * Made again by `UPDATE_API_CLIENT=1 npx vitest run tests/api/client-sdk.test.ts`; the same test
 * fails when the served document and this file differ (docs/api.md, "Typed client").
 */
export interface paths {
    "/api/v1/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Görsel üretimi başlat
         * @description Ürün fotoğrafından 4 görsel üretir: 1. görsel beyaz arka planlı pazaryeri görseli, 2-4. görseller açıklamadaki sahneler. Bir görsel üretiminin kredisi düşülür ve üretim hemen sıraya alınır (202); dekupaj üretim sırasında değerlendirilir, güvenilir değilse ve allowFramed=true değilse üretim needs_consent durumuyla biter ve kredisi iade edilir. subject ile ürünün kutusunu verirseniz dekupaj o kutuya göre yapılır. Test anahtarıyla kredi düşülmez.
         */
        post: operations["createImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Video üretimi başlat
         * @description Ürün fotoğrafından kısa bir ürün videosu (MP4) üretir. Bir video üretiminin kredisi düşülür ve üretim sıraya alınır (202).
         */
        post: operations["createVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hesap: kredi, paket, sınırlar
         * @description Kredi bakiyeniz, paketiniz ve dönem sonu, işlem ücretleri ve satıcı sınırlarınızın şu anki durumu.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Üretimleri listele
         * @description En yeniden eskiye, sayfa sayfa. Yanıttaki nextCursor değerini cursor parametresiyle gönderince sonraki sayfa gelir; nextCursor null ise son sayfadır. status ve type ile süzülebilir.
         */
        get: operations["listGenerations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Üretimin durumu ve sonuçları
         * @description status: queued, processing, completed, failed veya needs_consent (dekupaj güvenilir değildi; kredi iade edildi, allowFramed=true veya subject ile yeniden gönderin). livemode: test anahtarıyla yapılan üretimde false. Tamamlanan üretimin outputs listesindeki her adres aynı API anahtarıyla indirilir; role: white (pazaryeri beyaz görseli), scene (sahne), framed (dekupaj yapılamadığında çerçeveli fotoğraf) veya video.
         */
        get: operations["getGeneration"];
        put?: never;
        post?: never;
        /**
         * Üretimi sil
         * @description Üretimi ve dosyalarını (görseller, video) kalıcı olarak siler; kredi iade edilmez. Bitmemiş bir üretim silinemez (409).
         */
        delete: operations["deleteGeneration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/outputs/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bir çıktıyı indir
         * @description Üretimin index sıradaki dosyası (JPEG veya MP4).
         */
        get: operations["getOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ürün fotoğrafını indir
         * @description Üretimin yapıldığı fotoğrafın sunucudaki kopyası (meta verisi temizlenmiş JPEG, PNG veya WEBP), fotoğraf saklandığı sürece; yalnızca üretimin sahibinin anahtarıyla.
         */
        get: operations["getPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cutouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dekupaj (arka planı kaldırma)
         * @description Ürünü fotoğraftan ayırır ve şeffaf PNG olarak saklar; kredi kullanmaz, dekupaj sınırına tabidir. Ürün güvenle ayrılamazsa cutoutUrl null olur ve note nedenini söyler.
         */
        post: operations["createCutout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cutouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dekupajı indir
         * @description Şeffaf PNG.
         */
        get: operations["getCutout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/export/{preset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pazaryeri paketi (zip)
         * @description Tamamlanmış bir görsel üretiminin görselleri, pazaryerinin ölçülerinde JPEG olarak tek zip dosyasında.
         */
        get: operations["exportZip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenAPI belgesi
         * @description Bu API’nin OpenAPI 3.1 tanımı.
         */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    generationFinished: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Üretim bitti bildirimi
         * @description Üretiminiz tamamlandığında, başarısız olduğunda veya dekupaj güvenilir olmadığı için onay gerektirdiğinde (needs_consent) kayıtlı webhook adresinize gönderilir; livemode test üretimlerinde false.
         */
        post: operations["webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ImageForm: {
            /**
             * Format: binary
             * @description Ürün fotoğrafı: JPEG, PNG veya WEBP, en fazla 10 MB ve 40 megapiksel (dosyanın içeriğine bakılır, adına değil)
             */
            photo: Blob;
            /** @description Sahne açıklaması (Türkçe), ör. "mermer zemin, gün ışığı" */
            prompt: string;
            category?: string;
            subject?: components["schemas"]["Subject"];
            scene?: components["schemas"]["Scene"];
            /**
             * @description Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı
             * @enum {string}
             */
            allowFramed?: "true" | "false";
        };
        /** @description Ürünün kutusu: fotoğrafın genişliğine/yüksekliğine oranlar (0..1); x + width ≤ 1, y + height ≤ 1, width ve height > 0.01. Örnek: {"x":0.1,"y":0.1,"width":0.5,"height":0.6} */
        Subject: {
            x: number;
            y: number;
            width: number;
            height: number;
        };
        /** @description Sahne ayarları, hepsi isteğe bağlı: background #rrggbb, shadow 0..1 (0 gölgesiz), reflection true/false, productSize 0.3..0.9 (ürünün karedeki payı), seed 0..2147483647 tamsayı (aynı seed aynı sonuç). Örnek: {"background":"#ffffff","shadow":0.6,"reflection":true,"productSize":0.7,"seed":42} */
        Scene: {
            background?: string;
            shadow?: number;
            reflection?: boolean;
            productSize?: number;
            seed?: number;
        };
        ImageJson: {
            /** @description Sahne açıklaması (Türkçe), ör. "mermer zemin, gün ışığı" */
            prompt: string;
            category?: string;
            subject?: components["schemas"]["Subject"];
            scene?: components["schemas"]["Scene"];
            /** @description Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı */
            allowFramed?: boolean;
            /**
             * Format: uri
             * @description Ürün fotoğrafının adresi (http/https); sunucu indirir: en fazla 10 MB, 20 saniye, en fazla 3 yönlendirme; yerel ağ ve özel IP adresleri reddedilir; içeriğine bakılır (JPEG, PNG, WEBP)
             */
            photoUrl: string;
        };
        VideoForm: {
            /**
             * Format: binary
             * @description Ürün fotoğrafı: JPEG, PNG veya WEBP, en fazla 10 MB ve 40 megapiksel (dosyanın içeriğine bakılır, adına değil)
             */
            photo: Blob;
            /** @default  */
            prompt: string;
            /** @description Videonun süresi, saniye: 5 ile 10 arasında bir tamsayı */
            duration: number;
            /** @enum {string} */
            aspectRatio: "16:9" | "9:16";
            scene?: components["schemas"]["Scene"];
            /**
             * @description Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı
             * @enum {string}
             */
            allowFramed?: "true" | "false";
        };
        VideoJson: {
            /** @default  */
            prompt: string;
            /** @description Videonun süresi, saniye: 5 ile 10 arasında bir tamsayı */
            duration: number;
            /** @enum {string} */
            aspectRatio: "16:9" | "9:16";
            scene?: components["schemas"]["Scene"];
            /** @description Dekupaj güvenilir değilse fotoğraf çerçeveli kullanılsın mı */
            allowFramed?: boolean;
            /**
             * Format: uri
             * @description Ürün fotoğrafının adresi (http/https); sunucu indirir: en fazla 10 MB, 20 saniye, en fazla 3 yönlendirme; yerel ağ ve özel IP adresleri reddedilir; içeriğine bakılır (JPEG, PNG, WEBP)
             */
            photoUrl: string;
        };
        CutoutForm: {
            /**
             * Format: binary
             * @description Ürün fotoğrafı: JPEG, PNG veya WEBP, en fazla 10 MB ve 40 megapiksel (dosyanın içeriğine bakılır, adına değil)
             */
            photo: Blob;
            subject?: components["schemas"]["Subject"];
        };
        CutoutJson: {
            subject?: components["schemas"]["Subject"];
            /**
             * Format: uri
             * @description Ürün fotoğrafının adresi (http/https); sunucu indirir: en fazla 10 MB, 20 saniye, en fazla 3 yönlendirme; yerel ağ ve özel IP adresleri reddedilir; içeriğine bakılır (JPEG, PNG, WEBP)
             */
            photoUrl: string;
        };
        WebhookEvent: {
            /**
             * Format: uuid
             * @description Olayın kimliği: her denemede aynı (webhook-id başlığı); aynı olay birden fazla gelebilir, bununla tekilleştirin
             */
            id: string;
            /** @enum {string} */
            type: "generation.completed" | "generation.failed" | "generation.needs_consent";
            /** @description true: canlı anahtarla (vk_live_…); false: test anahtarıyla (vk_test_…), kredi düşülmez, çıktılar küçük ve "TEST" işaretli */
            livemode: boolean;
            /** @description Kaçıncı deneme: 1, 2, … (X-Vitrin-Attempt başlığı) */
            attempt: number;
            /**
             * Format: date-time
             * @description Olayın oluştuğu an (ISO 8601)
             */
            createdAt: string;
            data: components["schemas"]["Generation"];
        };
        Generation: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "image" | "video";
            /**
             * @description queued: sırada; processing: işleniyor (dekupaj burada değerlendirilir); completed: bitti; failed: başarısız (kredisi iade edildi); needs_consent: ürün fotoğraftan güvenle ayrılamadı, üretim yapılmadı ve kredisi iade edildi (allowFramed=true veya subject ile yeniden gönderin)
             * @enum {string}
             */
            status: "queued" | "processing" | "completed" | "failed" | "needs_consent";
            /** @description Yüzde */
            progress: number;
            /** @description Gönderilen sahne açıklaması */
            prompt: string;
            /** @description Bu üretim için düşülen kredi (başarısız olursa iade edilir; test modunda 0) */
            creditsUsed: number;
            /** @description true: canlı anahtarla (vk_live_…); false: test anahtarıyla (vk_test_…), kredi düşülmez, çıktılar küçük ve "TEST" işaretli */
            livemode: boolean;
            /**
             * Format: date-time
             * @description Oluşturulma zamanı (ISO 8601)
             */
            createdAt: string;
            /** @description Yalnızca failed ve needs_consent üretimlerde: nedeni (Türkçe) */
            errorMessage?: string;
            outputs: components["schemas"]["Output"][];
            /** @description Bu üretimin kullandığı dekupaj (yoksa null) */
            cutoutId: string | null;
            /** @description Üretimin kullandığı şeffaf PNG; dekupaj yapılamadıysa yok */
            cutoutUrl?: string;
            /** @description Üretimin yapıldığı ürün fotoğrafı (sunucudaki kopyası), aynı API anahtarıyla okunur; fotoğraf saklandığı sürece (üretim silinince 404) */
            photoUrl: string;
        };
        Output: {
            /** @description Aynı API anahtarıyla okunur */
            url: string;
            /** @description Piksel; boyutu kaydedilmemiş eski üretimlerde null */
            width: number | null;
            /** @description Piksel; boyutu kaydedilmemiş eski üretimlerde null */
            height: number | null;
            /** @description white: beyaz zeminli pazaryeri görseli; scene: sahne; framed: çerçeveli fotoğraf; video; eski üretimlerde null */
            role: ("white" | "scene" | "framed" | "video") | null;
        };
        Accepted: {
            /** Format: uuid */
            id: string;
            /**
             * @description queued: sırada; processing: işleniyor (dekupaj burada değerlendirilir); completed: bitti; failed: başarısız (kredisi iade edildi); needs_consent: ürün fotoğraftan güvenle ayrılamadı, üretim yapılmadı ve kredisi iade edildi (allowFramed=true veya subject ile yeniden gönderin)
             * @enum {string}
             */
            status: "queued" | "processing" | "completed" | "failed" | "needs_consent";
            /** @description true: canlı anahtarla (vk_live_…); false: test anahtarıyla (vk_test_…), kredi düşülmez, çıktılar küçük ve "TEST" işaretli */
            livemode: boolean;
        };
        Error: {
            error: {
                code: components["schemas"]["ErrorCode"];
                /** @description Kullanıcıya gösterilebilecek metin (Accept-Language: tr veya en) */
                message: string;
                data: {
                    appCode: components["schemas"]["ErrorCode"];
                };
            };
        };
        /**
         * @description Hata kodları:
         *     UNAUTHENTICATED: Anahtar eksik, hatalı veya iptal edilmiş (401).
         *     NOT_FOUND: Kayıt yok ya da başka bir satıcıya ait (404).
         *     METHOD_NOT_ALLOWED: Adres bu HTTP yöntemini kabul etmiyor; Allow başlığı kabul edilenleri söyler (405).
         *     VALIDATION: Form alanları, fotoğraf veya parametreler geçersiz; message hangisi olduğunu söyler (422).
         *     INSUFFICIENT_CREDITS: Kredi yetersiz; hiçbir şey düşülmedi (402).
         *     NEEDS_FRAMED_CONSENT: Ürün fotoğraftan güvenle ayrılamadı. Görsel ve video istekleri bunu yanıt olarak değil, üretimin needs_consent durumu olarak bildirir (kredi iade edilir); allowFramed=true veya subject ile yeniden gönderin.
         *     CONFLICT: Aynı Idempotency-Key ile ilk istek sürüyor ya da üretim henüz bitmedi (409).
         *     QUOTA_EXCEEDED: Dosya çok büyük (10 MB) veya depolama kotanız dolu (413).
         *     RATE_LIMITED: Satıcı sınırı aşıldı; Retry-After kadar bekleyin (429).
         *     MAINTENANCE: Bakım çalışması; biraz sonra tekrar deneyin (503).
         *     UNAVAILABLE: Hizmet geçici olarak kullanılamıyor; biraz sonra tekrar deneyin (503).
         *     INTERNAL: Beklenmeyen bir hata (500).
         * @enum {string}
         */
        ErrorCode: "UNAUTHENTICATED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "VALIDATION" | "INSUFFICIENT_CREDITS" | "NEEDS_FRAMED_CONSENT" | "CONFLICT" | "QUOTA_EXCEEDED" | "RATE_LIMITED" | "MAINTENANCE" | "UNAVAILABLE" | "INTERNAL";
        Account: {
            /** @description true: canlı anahtarla (vk_live_…); false: test anahtarıyla (vk_test_…), kredi düşülmez, çıktılar küçük ve "TEST" işaretli */
            livemode: boolean;
            /** @description Kredi bakiyesi; sınırsız pakette null */
            balance: number | null;
            unlimited: boolean;
            /** @description Paketin kodu; paket yoksa null */
            plan: string | null;
            /** @description Kredilerin geçerli olduğu son an; süresizse null */
            periodEnd: string | null;
            /** @description Her işlemin kredi ücreti */
            costs: {
                /** @description Görsel üretimi (4 görsel), kredi */
                image: number;
                /** @description Video üretimi, kredi */
                video: number;
                cutout: number;
                export: number;
            };
            /** @description requests: API istek sınırı (her istek); uploads: fotoğraflar (görsel, video, dekupaj); cutouts: sayfanın dekupajları; exports: paketler */
            limits: {
                requests: components["schemas"]["Limit"];
                uploads: components["schemas"]["Limit"];
                cutouts: components["schemas"]["Limit"];
                exports: components["schemas"]["Limit"];
            };
        };
        Limit: {
            /** @description Pencere başına istek */
            limit: number;
            /** @description Pencerenin uzunluğu, saniye */
            windowSeconds: number;
            remaining: number;
            /** @description Pencerenin bittiği an; pencere açık değilse null */
            resetAt: string | null;
        };
        GenerationList: {
            data: components["schemas"]["GenerationOutput"][];
            /** @description Sonraki sayfa için cursor; son sayfada null */
            nextCursor: string | null;
        };
        Cutout: {
            /**
             * Format: uuid
             * @description Dekupajın kimliği: GET /api/v1/cutouts/{id}
             */
            id: string;
            /** @description Şeffaf PNG (fotoğrafın kendi piksel boyutunda); verdict accepted değilse null */
            cutoutUrl: string | null;
            /** @description Piksel */
            width: number;
            /** @description Piksel */
            height: number;
            /**
             * @description accepted: dekupaj güvenilir; untrusted: ürün bulundu ama ayrım güvenilir değil; none: ürün ayrılamadı
             * @enum {string}
             */
            verdict: "accepted" | "untrusted" | "none";
            /** @description Güvenilir bulunmamanın kodları (accepted ise boş) */
            reasons: string[];
            /** @description Dekupaj yapılamadıysa nedeni ve öneri (Türkçe); accepted ise null */
            note: string | null;
        };
        GenerationOutput: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "image" | "video";
            /**
             * @description queued: sırada; processing: işleniyor (dekupaj burada değerlendirilir); completed: bitti; failed: başarısız (kredisi iade edildi); needs_consent: ürün fotoğraftan güvenle ayrılamadı, üretim yapılmadı ve kredisi iade edildi (allowFramed=true veya subject ile yeniden gönderin)
             * @enum {string}
             */
            status: "queued" | "processing" | "completed" | "failed" | "needs_consent";
            /** @description Yüzde */
            progress: number;
            /** @description Gönderilen sahne açıklaması */
            prompt: string;
            /** @description Bu üretim için düşülen kredi (başarısız olursa iade edilir; test modunda 0) */
            creditsUsed: number;
            /** @description true: canlı anahtarla (vk_live_…); false: test anahtarıyla (vk_test_…), kredi düşülmez, çıktılar küçük ve "TEST" işaretli */
            livemode: boolean;
            /**
             * Format: date-time
             * @description Oluşturulma zamanı (ISO 8601)
             */
            createdAt: string;
            /** @description Yalnızca failed ve needs_consent üretimlerde: nedeni (Türkçe) */
            errorMessage?: string;
            outputs: components["schemas"]["OutputOutput"][];
            /** @description Bu üretimin kullandığı dekupaj (yoksa null) */
            cutoutId: string | null;
            /** @description Üretimin kullandığı şeffaf PNG; dekupaj yapılamadıysa yok */
            cutoutUrl?: string;
            /** @description Üretimin yapıldığı ürün fotoğrafı (sunucudaki kopyası), aynı API anahtarıyla okunur; fotoğraf saklandığı sürece (üretim silinince 404) */
            photoUrl: string;
        };
        OutputOutput: {
            /** @description Aynı API anahtarıyla okunur */
            url: string;
            /** @description Piksel; boyutu kaydedilmemiş eski üretimlerde null */
            width: number | null;
            /** @description Piksel; boyutu kaydedilmemiş eski üretimlerde null */
            height: number | null;
            /** @description white: beyaz zeminli pazaryeri görseli; scene: sahne; framed: çerçeveli fotoğraf; video; eski üretimlerde null */
            role: ("white" | "scene" | "framed" | "video") | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createImage: {
        parameters: {
            query?: never;
            header?: {
                /** @description İsteğe bağlı, en fazla 255 karakter. Aynı anahtarla 24 saat içinde tekrar gönderilen istek ilk yanıtı alır ve yeniden ücretlendirilmez; anahtar farklı bir istekle kullanılırsa 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ImageForm"];
                "application/json": components["schemas"]["ImageJson"];
            };
        };
        responses: {
            /** @description Üretim sıraya alındı. */
            202: {
                headers: {
                    /** @description Bu istekle düşülen kredi (tekrar gönderilen bir Idempotency-Key için 0). */
                    "X-Credits-Charged": number;
                    /** @description true: bu yanıt aynı Idempotency-Key ile gönderilen ilk isteğin kaydedilmiş yanıtıdır. */
                    "Idempotent-Replayed"?: string;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Krediniz yetersiz. */
            402: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Çakışma: aynı Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor ya da üretim henüz bitmedi (message durumunu söyler). */
            409: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Fotoğraf çok büyük veya depolama kotanız dolu. */
            413: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Form alanları veya fotoğraf geçersiz. */
            422: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createVideo: {
        parameters: {
            query?: never;
            header?: {
                /** @description İsteğe bağlı, en fazla 255 karakter. Aynı anahtarla 24 saat içinde tekrar gönderilen istek ilk yanıtı alır ve yeniden ücretlendirilmez; anahtar farklı bir istekle kullanılırsa 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["VideoForm"];
                "application/json": components["schemas"]["VideoJson"];
            };
        };
        responses: {
            /** @description Üretim sıraya alındı. */
            202: {
                headers: {
                    /** @description Bu istekle düşülen kredi (tekrar gönderilen bir Idempotency-Key için 0). */
                    "X-Credits-Charged": number;
                    /** @description true: bu yanıt aynı Idempotency-Key ile gönderilen ilk isteğin kaydedilmiş yanıtıdır. */
                    "Idempotent-Replayed"?: string;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Accepted"];
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Krediniz yetersiz. */
            402: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Çakışma: aynı Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor ya da üretim henüz bitmedi (message durumunu söyler). */
            409: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Fotoğraf çok büyük veya depolama kotanız dolu. */
            413: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Form alanları veya fotoğraf geçersiz. */
            422: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Hesap. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGenerations: {
        parameters: {
            query?: {
                /** @description Sayfa başına üretim (1–100, varsayılan 20) */
                limit?: number;
                /** @description Önceki sayfanın nextCursor değeri */
                cursor?: string;
                status?: "queued" | "processing" | "completed" | "failed" | "needs_consent";
                type?: "image" | "video";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Üretimler, en yenisi önce. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerationList"];
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Form alanları veya fotoğraf geçersiz. */
            422: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Üretim. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerationOutput"];
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır). */
            404: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Silindi; gövde yok. */
            204: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır). */
            404: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Çakışma: aynı Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor ya da üretim henüz bitmedi (message durumunu söyler). */
            409: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOutput: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dosya. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": Blob;
                    "video/mp4": Blob;
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır). */
            404: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dosya. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": Blob;
                    "image/png": Blob;
                    "image/webp": Blob;
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır). */
            404: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCutout: {
        parameters: {
            query?: never;
            header?: {
                /** @description İsteğe bağlı, en fazla 255 karakter. Aynı anahtarla 24 saat içinde tekrar gönderilen istek ilk yanıtı alır ve yeniden ücretlendirilmez; anahtar farklı bir istekle kullanılırsa 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["CutoutForm"];
                "application/json": components["schemas"]["CutoutJson"];
            };
        };
        responses: {
            /** @description Dekupaj sonucu. */
            200: {
                headers: {
                    /** @description true: bu yanıt aynı Idempotency-Key ile gönderilen ilk isteğin kaydedilmiş yanıtıdır. */
                    "Idempotent-Replayed"?: string;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cutout"];
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Çakışma: aynı Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor ya da üretim henüz bitmedi (message durumunu söyler). */
            409: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Fotoğraf çok büyük veya depolama kotanız dolu. */
            413: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Form alanları veya fotoğraf geçersiz. */
            422: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCutout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dosya. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır). */
            404: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportZip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                preset: "trendyol" | "hepsiburada" | "n11" | "amazon" | "ciceksepeti" | "instagram" | "square";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Zip dosyası. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": Blob;
                };
            };
            /** @description Anahtar eksik, hatalı veya iptal edilmiş. */
            401: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Kayıt bulunamadı (başka bir satıcıya ait kayıtlar da böyle yanıtlanır). */
            404: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Çakışma: aynı Idempotency-Key ile gönderilen ilk istek hâlâ işleniyor ya da üretim henüz bitmedi (message durumunu söyler). */
            409: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI belgesi. */
            200: {
                headers: {
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Sınır aşıldı; Retry-After başlığındaki süre kadar bekleyin. */
            429: {
                headers: {
                    /** @description Kaç saniye sonra tekrar deneyebileceğiniz. */
                    "Retry-After": number;
                    /** @description Bu yanıtın sayıldığı sınır (pencere başına istek): işlemin kendi sınırı, yoksa API istek sınırı. */
                    "RateLimit-Limit": number;
                    /** @description Penceredeki kalan istek. */
                    "RateLimit-Remaining": number;
                    /** @description Pencerenin sıfırlanmasına kalan saniye. */
                    "RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhook: {
        parameters: {
            query?: never;
            header: {
                /** @description Olayın kimliği (gövdedeki id); her denemede aynı: tekilleştirmek için. */
                "webhook-id": string;
                /** @description İmzalandığı an, unix saniye. */
                "webhook-timestamp": string;
                /** @description v1,<"<webhook-id>.<webhook-timestamp>.<gövde>" metninin HMAC-SHA256 özeti, base64>; imza anahtarı yenilenirken boşlukla ayrılmış iki imza. */
                "webhook-signature": string;
                /** @description t=<unix saniye>,v1=<HMAC-SHA256 onaltılık> (imza anahtarı yenilenirken her geçerli anahtar için bir v1) */
                "X-Vitrin-Signature": string;
                /** @description Kaçıncı deneme (1, 2, …; gövdedeki attempt). */
                "X-Vitrin-Attempt": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Herhangi bir 2xx yanıtı bildirimi teslim edilmiş sayar. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
