package bench.realworld;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * Waits for resources with measured truth (issue 41, item 2; bench/accuracy/ResourceHolders.java runs
 * it traced). Every worker alternates two call sites, shortSite (holds about 1 ms) and longSite (about
 * 4 ms), so both sites are entered as often and by the same threads: a report that charged each wait to
 * the thread that gave back (the returner) would split by returns, about even; one that charges the
 * holders splits by hold time, about 1 to 4.
 * <ul>
 *   <li>{@code pool}: 6 threads, a HikariCP pool of 2 connections to an embedded H2 database; a site
 *       borrows a connection, runs a query and keeps the connection for its hold.
 *   <li>{@code semaphore}: 6 threads, a {@code Semaphore} of 2 permits.
 *   <li>{@code queue}: 4 producers put into a bounded {@code ArrayBlockingQueue} of 4 faster than its two
 *       consumers take: consumeShort takes and works 1 ms, consumeLong 4 ms. Nobody holds a slot: a
 *       producer waits for the consumers' takes, and the time up to each take is that taker's (as a
 *       lock's waiter's time up to a release is the releaser's).
 * </ul>
 * The truth comes from the workload's own log of every wait, hold and take (System.nanoTime): for pool
 * and semaphore each waiter's time is shared at every moment equally among the items' holders then; for
 * the queue each producer's wait is cut at the takes during it, each piece the taker's, the piece after
 * the last take (the producer waking) nobody's. Prints {@code truth short=P long=P waited=MS} (P: percent)
 * and {@code waited} the time the waiting threads spent inside getConnection, acquire or put.
 * Usage: ResourceHoldersWorkload pool|semaphore|queue MILLIS
 */
public final class ResourceHoldersWorkload {
    static final long SHORT_NANOS = 1_000_000, LONG_NANOS = 4_000_000;
    static final AtomicLong WAITED = new AtomicLong(), HELD_SHORT = new AtomicLong(), HELD_LONG = new AtomicLong();
    /** Pool and semaphore: every wait and hold as {time, what}, for the blame each site's holds deserve. */
    static final java.util.concurrent.ConcurrentLinkedQueue<long[]> LOG = new java.util.concurrent.ConcurrentLinkedQueue<>();
    static final int WAIT_START = 0, WAIT_END = 1, SHORT_START = 2, SHORT_END = 3, LONG_START = 4, LONG_END = 5,
            SHORT_TAKE = 6, LONG_TAKE = 7;

    static void log(long time, int what) {
        LOG.add(new long[] {time, what});
    }

    /**
     * The holders' blame from the log: at every moment each waiter's time is shared equally among the
     * items' holders then (as readers share a writer's wait); returns {short, long} in percent.
     */
    static double[] blame() {
        List<long[]> events = new ArrayList<>(LOG);
        events.sort(Comparator.comparingLong(e -> e[0]));
        double[] blame = new double[2];
        int waiters = 0, shortHolders = 0, longHolders = 0;
        long last = events.isEmpty() ? 0 : events.get(0)[0];
        for (long[] e : events) {
            long dt = e[0] - last;
            int holders = shortHolders + longHolders;
            if (waiters > 0 && holders > 0) {
                blame[0] += (double) dt * waiters * shortHolders / holders;
                blame[1] += (double) dt * waiters * longHolders / holders;
            }
            last = e[0];
            switch ((int) e[1]) {
                case WAIT_START -> waiters++;
                case WAIT_END -> waiters--;
                case SHORT_START -> shortHolders++;
                case SHORT_END -> shortHolders--;
                case LONG_START -> longHolders++;
                default -> longHolders--;
            }
        }
        double total = blame[0] + blame[1];
        return new double[] {100 * blame[0] / total, 100 * blame[1] / total};
    }

    /** The queue's truth from the log: each waiting producer's time up to a take is that taker's. */
    static double[] takersBlame() {
        List<long[]> events = new ArrayList<>(LOG);
        events.sort(Comparator.comparingLong(e -> e[0]));
        double[] blame = new double[2];
        long[] since = new long[64];   // per open wait (WAIT_START's third value: the producer), its uncharged start
        boolean[] open = new boolean[64];
        for (long[] e : events) {
            switch ((int) e[1]) {
                case WAIT_START -> {
                    open[(int) e[2]] = true;
                    since[(int) e[2]] = e[0];
                }
                case WAIT_END -> open[(int) e[2]] = false;
                case SHORT_TAKE, LONG_TAKE -> {
                    for (int p = 0; p < open.length; p++) {
                        if (open[p]) {
                            blame[e[1] == SHORT_TAKE ? 0 : 1] += e[0] - since[p];
                            since[p] = e[0];
                        }
                    }
                }
                default -> { }
            }
        }
        double total = blame[0] + blame[1];
        return new double[] {100 * blame[0] / total, 100 * blame[1] / total};
    }

    private ResourceHoldersWorkload() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        long until = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000L;
        switch (mode) {
            case "pool" -> pool(until);
            case "semaphore" -> semaphore(until);
            case "queue" -> queue(until);
            default -> throw new IllegalArgumentException("mode: pool, semaphore or queue, not " + mode);
        }
        double total = HELD_SHORT.get() + HELD_LONG.get();
        if (mode.equals("queue")) {
            double[] blame = takersBlame();
            System.out.printf(Locale.ROOT, "truth short=%.2f long=%.2f waited=%.1f takes short=%d long=%d%n", blame[0], blame[1],
                    WAITED.get() / 1e6, HELD_SHORT.get(), HELD_LONG.get());
        } else {
            double[] blame = blame();
            System.out.printf(Locale.ROOT, "truth short=%.2f long=%.2f waited=%.1f held short=%.2f long=%.2f%n", blame[0], blame[1],
                    WAITED.get() / 1e6, 100 * HELD_SHORT.get() / total, 100 * HELD_LONG.get() / total);
        }
    }

    /** Holds for about nanos, asleep (the two CPUs stay free for the other threads' bookkeeping). */
    static void hold(long nanos) throws InterruptedException {
        Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    }

    interface Body {
        void run() throws Exception;
    }

    static void workers(int n, String name, Body body) throws InterruptedException {
        Thread[] ts = new Thread[n];
        Throwable[] failure = new Throwable[1];
        for (int i = 0; i < n; i++) {
            ts[i] = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable t) {
                    failure[0] = t;
                }
            }, name + "-" + i);
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }

    // --- pool: HikariCP over H2

    static void pool(long until) throws Exception {
        HikariConfig cfg = new HikariConfig();
        cfg.setJdbcUrl("jdbc:h2:mem:holders;DB_CLOSE_DELAY=-1");
        cfg.setMaximumPoolSize(2);
        cfg.setMinimumIdle(2);
        cfg.setConnectionTimeout(60_000);
        try (HikariDataSource ds = new HikariDataSource(cfg)) {
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("create table items(id int primary key, qty int)");
                s.execute("insert into items select x, x % 7 from system_range(1, 1000)");
            }
            workers(6, "pool", () -> {
                for (int i = 0; System.nanoTime() < until; i++) {
                    if (i % 2 == 0) {
                        shortSite(ds, i);
                    } else {
                        longSite(ds, i);
                    }
                }
            });
        }
    }

    // The sites are distinct methods (the report names them); what they do is one method, below them.
    static void shortSite(HikariDataSource ds, int i) throws Exception {
        borrowAndHold(ds, i, SHORT_NANOS, HELD_SHORT, SHORT_START, SHORT_END);
    }

    static void longSite(HikariDataSource ds, int i) throws Exception {
        borrowAndHold(ds, i, LONG_NANOS, HELD_LONG, LONG_START, LONG_END);
    }

    static void borrowAndHold(HikariDataSource ds, int i, long nanos, AtomicLong held, int start, int end) throws Exception {
        long t0 = System.nanoTime();
        log(t0, WAIT_START);
        try (Connection c = ds.getConnection()) {
            long t1 = System.nanoTime();
            log(t1, WAIT_END);
            log(t1, start);
            WAITED.addAndGet(t1 - t0);
            query(c, i);
            hold(nanos);
            long t2 = System.nanoTime();
            held.addAndGet(t2 - t1);
            log(t2, end);
        }
    }

    static void query(Connection c, int i) throws Exception {
        try (PreparedStatement p = c.prepareStatement("select qty from items where id = ?")) {
            p.setInt(1, 1 + i % 1000);
            try (ResultSet r = p.executeQuery()) {
                r.next();
            }
        }
    }

    // --- semaphore

    static final Semaphore PERMITS = new Semaphore(2);

    static void semaphore(long until) throws Exception {
        workers(6, "permit", () -> {
            for (int i = 0; System.nanoTime() < until; i++) {
                if (i % 2 == 0) {
                    shortPermit();
                } else {
                    longPermit();
                }
            }
        });
    }

    static void shortPermit() throws InterruptedException {
        acquireAndHold(SHORT_NANOS, HELD_SHORT, SHORT_START, SHORT_END);
    }

    static void longPermit() throws InterruptedException {
        acquireAndHold(LONG_NANOS, HELD_LONG, LONG_START, LONG_END);
    }

    static void acquireAndHold(long nanos, AtomicLong held, int start, int end) throws InterruptedException {
        long t0 = System.nanoTime();
        log(t0, WAIT_START);
        PERMITS.acquire();
        long t1 = System.nanoTime();
        log(t1, WAIT_END);
        log(t1, start);
        try {
            WAITED.addAndGet(t1 - t0);
            hold(nanos);
        } finally {
            long t2 = System.nanoTime();
            held.addAndGet(t2 - t1);
            log(t2, end);
            PERMITS.release();
        }
    }

    // --- queue: producers wait for a slot that a consumer's take frees

    static final ArrayBlockingQueue<Integer> QUEUE = new ArrayBlockingQueue<>(4);
    static volatile boolean producing = true;

    static void queue(long until) throws Exception {
        Thread[] consumers = {new Thread(() -> consume(true), "consumeShort"), new Thread(() -> consume(false), "consumeLong")};
        for (Thread c : consumers) {
            c.start();
        }
        AtomicLong ids = new AtomicLong();
        workers(4, "producer", () -> {
            long id = ids.getAndIncrement();
            for (int i = 0; System.nanoTime() < until; i++) {
                produce(id, i);
            }
        });
        producing = false;
        for (Thread c : consumers) {
            c.interrupt();
            c.join();
        }
    }

    static void produce(long id, int i) throws InterruptedException {
        long t0 = System.nanoTime();
        LOG.add(new long[] {t0, WAIT_START, id});
        QUEUE.put(i);
        long t1 = System.nanoTime();
        LOG.add(new long[] {t1, WAIT_END, id});
        WAITED.addAndGet(t1 - t0);
    }

    static void consume(boolean fast) {
        try {
            while (producing || !QUEUE.isEmpty()) {
                if (fast) {
                    consumeShort();
                } else {
                    consumeLong();
                }
            }
        } catch (InterruptedException e) {
            // the producers are done
        }
    }

    static void consumeShort() throws InterruptedException {
        takeAndWork(SHORT_NANOS, HELD_SHORT, SHORT_TAKE);
    }

    static void consumeLong() throws InterruptedException {
        takeAndWork(LONG_NANOS, HELD_LONG, LONG_TAKE);
    }

    static void takeAndWork(long nanos, AtomicLong takes, int what) throws InterruptedException {
        QUEUE.take();
        log(System.nanoTime(), what);
        takes.incrementAndGet();
        hold(nanos);
    }
}
