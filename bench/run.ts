import { benchProviders } from './providers';
import { benchCredits } from './credits';
import { benchStudio } from './studio';
import { benchFairShare } from './fair-share';
import { benchEditor } from './editor';
import { benchBatch } from './batch';
import { benchHttp, benchHttpOnPostgres, type HttpBench } from './http';
import { benchServerMemory } from './server-memory';
import { benchExportsMemory } from './exports-memory';
import { benchUploadMemory } from './upload-memory';
import { benchCutoutTruth, printTruth } from './cutout-truth';
import { benchApiAcceptance, printApiAcceptance } from './api-acceptance';

/**
 * `npm run bench`: speed figures, never asserted in tests. Postgres comes from BENCH_DATABASE_URL
 * (default: the local server CI has); without one reachable, that part is skipped.
 */
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const providers = await benchProviders();
console.log(
  `Yerel stüdyo, 12 MP fotoğraftan 4 görsel: ${(providers.images12mp.ms / 1000).toFixed(1)} s (${providers.images12mp.outputs.map((o) => `${o.width}x${o.height}`).join(', ')})`,
);
console.log(`Yerel stüdyo, 5 sn 1080p video: ${(providers.video5s1080p.ms / 1000).toFixed(1)} s (${providers.video5s1080p.kb} KB)`);
const studio = await benchStudio();
console.log(`Dekupaj, ilk çağrı (OpenCV.js + TF.js + NanoDet yüklemesi dahil): ${(studio.coldFirstCutoutMs / 1000).toFixed(1)} s`);
for (const c of studio.cutouts) {
  console.log(
    `Dekupaj ${c.photo} (${c.size}): ${(c.ms / 1000).toFixed(2)} s, en yüksek bellek ${c.peakRssMb} MB, ${c.ok ? 'kesildi' : `geri çekildi (${c.reason})`}`,
  );
}
const p12 = studio.photo12mp;
console.log(
  `12 MP fotoğraf (${p12.size}): dekupaj ${(p12.cutoutMs / 1000).toFixed(1)} s (${p12.cutoutPeakRssMb} MB), ardından 4 görsel ${(p12.imagesMs / 1000).toFixed(1)} s (${p12.imagesPeakRssMb} MB; ${p12.outputs.join(', ')})`,
);
console.log(
  `Söz (#23): 12 MP fotoğraftan 4 görsel 3 sn altında: ${(p12.imagesWarmMs / 1000).toFixed(1)} s, ${p12.imagesWarmMs < 3000 ? 'tutuyor' : 'tutmuyor'} (yük ${p12.imagesLoadAvg1m})`,
);
const editor = await benchEditor();
console.log(
  `Dekupaj düzenleyici: fırça turu p50 ${editor.strokeP50} ms, p95 ${editor.strokeP95} ms (${editor.strokeRounds} tur), kutu turu ${editor.boxRounds.join('/')} ms, açılış ${editor.openMs.join('/')} ms (yük ${editor.loadAvg1m}); IoU kutu → 2 tur: ${editor.photos.map((p) => `${p.photo} ${p.boxIoU} → ${p.afterRoundsIoU}`).join(', ')}`,
);
console.log('Dekupaj, el yapımı doğru maskelere karşı (IoU, kapının kararı) ve süreler:');
printTruth(await benchCutoutTruth());
const fair = await benchFairShare();
console.log(
  `Adil pay: B satıcısının tek dekupajı tek başına ${(fair.aloneMs / 1000).toFixed(1)} s, A'nın 24 yönlendirmeli dekupajı beklerken ${(fair.behindMs / 1000).toFixed(1)} s (tek kuyrukta ${(fair.oneQueueMs / 1000).toFixed(1)} s), A'nın 20 adet 12 MP görsel üretimi beklerken ${(fair.behind12mpMs / 1000).toFixed(1)} s (${fair.threads} iş parçacığı, yük ${fair.loadAvg1m})`,
);
const batch = await benchBatch();
console.log(
  `Toplu üretim (yerel stüdyo, dekupaj dahil): ${batch.photos} fotoğraf ${(batch.ms / 1000).toFixed(1)} s, dakikada ${batch.photosPerMinute} fotoğraf (${batch.workers} işçi, ${batch.cores} çekirdek)`,
);
try {
  const credits = await benchCredits(pgUrl);
  console.log(
    `Kredi düşümü, ${credits.callers} eşzamanlı istemci (Postgres): ${credits.takesPerSecond} işlem/sn (${credits.takes} işlem, ${credits.ms} ms)`,
  );
} catch (err) {
  console.log(`Postgres kredi ölçümü atlandı: ${(err as Error).message}`);
}
function printHttp(r: HttpBench) {
  const ratio = (x: number) => (x / r.bare.rps).toFixed(2);
  const cpuRatio = (x: number) => (r.bare.cpuUs / x).toFixed(2);
  const line = (label: string, l: HttpBench['bare']) =>
    console.log(
      `  ${label}: ${l.rps} istek/sn (${ratio(l.rps)}x), p50 ${l.p50} ms, p99 ${l.p99} ms, en uzun ${l.max} ms, hata ${l.errors + l.non2xx}; istek başına CPU ${l.cpuUs} µs (${cpuRatio(l.cpuUs)}x)`,
    );
  console.log(`HTTP (${r.database}):`);
  line('yalın Express JSON', r.bare);
  line('content.landing, oturumsuz, 50 bağlantı', r.landing);
  line('auth.me, oturumsuz (veritabanısız tRPC tabanı), 50 bağlantı', r.trpcOnly);
  line('credits.balance, oturumlu, 50 bağlantı', r.balance50);
  line('credits.balance, oturumlu, 200 bağlantı', r.balance200);
  line('auth.me, oturumlu, 50 bağlantı', r.me50);
  console.log(
    `  oturumlu bakiye okumasının veritabanı kısmı (HTTP'siz): oturum önbellekten ${r.sessionRead.hitUs} µs, veritabanından ${r.sessionRead.missUs} µs`,
  );
  console.log(`  üretim tamamlandı → sahibinin soketi: p50 ${r.pushMs.p50.toFixed(1)} ms, p95 ${r.pushMs.p95.toFixed(1)} ms`);
}
printHttp(await benchHttp());
try {
  printHttp(await benchHttpOnPostgres(pgUrl));
} catch (err) {
  console.log(`Postgres HTTP ölçümü atlandı: ${(err as Error).message}`);
}
printApiAcceptance(await benchApiAcceptance());
const memory = await benchServerMemory();
console.log(
  `Sunucu belleği (RSS, gömülü veritabanı, ayrı süreç): boşta ${memory.idleMb} MB, 200 bağlantıyla yük altında ${memory.loadedMb} MB`,
);
const ex = await benchExportsMemory();
console.log(
  `Dışa aktarım yükü (A: 20 fotoğraflı veri paketi ${ex.dataExportMb} MB, ${(ex.dataExportMs / 1000).toFixed(1)} s; 20 eşzamanlı square dışa aktarımı ${(ex.exportsMs / 1000).toFixed(1)} s): sunucu belleği boşta ${ex.idleMb} MB, en yüksek ${ex.peakMb} MB; diğer satıcıların girişi p95 ${ex.signInP95Ms} ms (boşta ${ex.idleSignInP95Ms} ms), en uzun ${ex.signInMaxMs} ms`,
);
const up = await benchUploadMemory();
console.log(
  `Açık tutulan ${up.uploads} yükleme (9,9 MB, 15 satıcı × 4; diskte ${up.onDiskMb} MB): sunucu belleği boşta ${up.idleMb} MB, en yüksek ${up.peakMb} MB, bağlantılar kapandıktan sonra ${up.afterMb} MB`,
);
console.log(`Makine: ${providers.machine.cpus} çekirdek, yük ${providers.machine.loadAvg1m.toFixed(2)}`);
