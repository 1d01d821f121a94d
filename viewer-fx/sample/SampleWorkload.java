import java.util.ArrayDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The viewer's bundled sample: a small "shop" with every kind of contention the viewer shows, so each
 * view has something to draw. Traced by `make viewer-sample` into sample.lct (about 3 s).
 * - Inventory (synchronized): order workers hold it 1 ms in reserve(); the auditor holds it 6 ms in audit().
 * - PriceCache (ReentrantLock): readers hold it briefly; the refresher holds it 8 ms in refresh().
 * - Mailbox (wait/notify): a producer and two consumers.
 * - A pool of 4 workers limited by a Semaphore of 2 permits, idle between tasks.
 * - 8 virtual threads on a ReentrantLock in Ledger.post().
 * - Causes behind causes (synchronized, nested): catalog readers block on the CatalogIndex while its
 *   rebuild() waits for the Database, which the reporter holds 5 ms in export(): the readers' root owner.
 */
public class SampleWorkload {
    static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(Long.getLong("sample.millis", 2500));
    static volatile boolean stop;

    static void spin(long micros) {
        long end = System.nanoTime() + micros * 1000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    static final class Inventory {
        int stock = 1_000_000;

        synchronized void reserve() {
            stock--;
            spin(1000);
        }

        synchronized void audit() {
            spin(6000);
        }
    }

    static final class PriceCache {
        final ReentrantLock lock = new ReentrantLock();

        void get() {
            lock.lock();
            try {
                spin(300);
            } finally {
                lock.unlock();
            }
        }

        void refresh() {
            lock.lock();
            try {
                spin(8000);
            } finally {
                lock.unlock();
            }
        }
    }

    static final class Mailbox {
        final ArrayDeque<Integer> items = new ArrayDeque<>();

        synchronized void put(int i) {
            items.add(i);
            notifyAll();
        }

        synchronized Integer take() throws InterruptedException {
            while (items.isEmpty() && !stop) {
                wait(50);
            }
            return items.poll();
        }
    }

    static final class Ledger {
        final ReentrantLock lock = new ReentrantLock();

        void post() {
            lock.lock();
            try {
                spin(200);
            } finally {
                lock.unlock();
            }
        }
    }

    static final class Database {
        synchronized void export() {
            spin(5000);
        }

        synchronized void query() {
            spin(300);
        }
    }

    static final class CatalogIndex {
        final Database db;

        CatalogIndex(Database db) {
            this.db = db;
        }

        synchronized void rebuild() {
            db.query();   // holds the index while it waits for the database
            spin(1000);
        }

        synchronized void lookup() {
            spin(50);
        }
    }

    static Thread loop(String name, Runnable body) {
        Thread t = new Thread(() -> {
            while (!stop) {
                body.run();
            }
        }, name);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        Inventory inventory = SHOP.inventory;
        PriceCache cache = SHOP.cache;
        Mailbox mailbox = SHOP.mailbox;
        Ledger ledger = SHOP.ledger;
        Semaphore permits = SHOP.permits;
        CountDownLatch done = new CountDownLatch(1);
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            threads.add(loop("order-worker-" + i, inventory::reserve));
        }
        threads.add(loop("auditor", () -> { inventory.audit(); spin(4000); }));
        for (int i = 0; i < 2; i++) {
            threads.add(loop("cache-reader-" + i, () -> { cache.get(); spin(200); }));
        }
        threads.add(loop("cache-refresher", () -> { cache.refresh(); spin(10000); }));
        threads.add(loop("producer", () -> { mailbox.put(1); spin(3000); }));
        Database db = SHOP.db;
        CatalogIndex index = SHOP.index;
        threads.add(loop("reporter", () -> { db.export(); spin(3000); }));
        threads.add(loop("indexer", () -> { index.rebuild(); spin(4000); }));
        for (int i = 0; i < 2; i++) {
            threads.add(loop("catalog-reader-" + i, () -> { index.lookup(); spin(500); }));
        }
        for (int i = 0; i < 2; i++) {
            threads.add(loop("consumer-" + i, () -> {
                try {
                    mailbox.take();
                    spin(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4, new java.util.concurrent.ThreadFactory() {
            int n;

            public Thread newThread(Runnable r) {
                return new Thread(r, "pool-worker-" + n++);
            }
        });
        Thread submitter = loop("submitter", () -> {
            for (int i = 0; i < 4; i++) {
                pool.execute(() -> {
                    try {
                        permits.acquire();
                        try {
                            spin(2000);
                        } finally {
                            permits.release();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            spin(20000);   // the pool idles (parked) in between
        });
        threads.add(submitter);
        try (ExecutorService vts = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 8; i++) {
                vts.execute(() -> {
                    while (!stop) {
                        ledger.post();
                        spin(3000);
                    }
                });
            }
            Thread timer = new Thread(() -> {
                spin(RUN_NANOS / 1000);
                stop = true;
                done.countDown();
            }, "timer");
            timer.start();
            done.await();   // main waits on a latch: "waiting" in the timeline
        }
        for (Thread t : threads) {
            t.join();
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println("sample: stock left " + inventory.stock);
    }

    // Below main so that the lines above keep their numbers (the viewer's tests name them).
    /** The shop's locks live as long as the application, as most do: the trace's end names each by its path from SHOP. */
    static final class Shop {
        final Inventory inventory = new Inventory();
        final PriceCache cache = new PriceCache();
        final Mailbox mailbox = new Mailbox();
        final Ledger ledger = new Ledger();
        final Semaphore permits = new Semaphore(2);
        final Database db = new Database();
        final CatalogIndex index = new CatalogIndex(db);
    }

    static final Shop SHOP = new Shop();
}
