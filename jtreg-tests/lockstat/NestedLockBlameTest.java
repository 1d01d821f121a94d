/*
 * @test
 * @summary Causes behind causes on a nested-lock workload with measured truth: readers block on a cache
 *          lock C while its owner refresh() is itself blocked on a database lock D held by query(). The
 *          direct owner of the readers' time is refresh(); its owner state is "blocked" for the part it
 *          waited for D; and the root owner of that part is query() (transitive blame), within 3 points
 *          of the shares the workload measured. Every round is forced: both readers are BLOCKED on C
 *          before refresh() reaches D, and query() holds D until refresh() is BLOCKED on it.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 NestedLockBlameTest
 */
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class NestedLockBlameTest {
    static final int ROUNDS = 5;

    public static class Workload {
        static final Object cache = new Object();      // C
        static final Object database = new Object();   // D
        static volatile boolean queryHolds;
        static volatile Thread refresher;
        // Measured truth, summed over rounds: the readers' blocked time, and the part of it during which
        // the refresher (holding C) waited for D.
        static long readersBlocked, readersBehindQuery;
        static volatile long waitFrom, waitTo;           // this round's refresher wait for D

        static void awaitBlocked(Thread t) {
            while (t.getState() != Thread.State.BLOCKED) {
                Thread.onSpinWait();
            }
        }

        static void sleep(long ms) {
            long end = System.nanoTime() + ms * 1_000_000;
            while (System.nanoTime() < end) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
        }

        /** Holds D until the refresher is blocked on it, and 100 ms more. */
        static void query() {
            synchronized (database) {
                queryHolds = true;
                awaitBlocked(refresher);
                sleep(100);
            }
        }

        /** Holds C; once both readers are blocked on it, takes D (blocking behind query), then works 50 ms. */
        static void refresh(Thread[] readers) {
            synchronized (cache) {
                for (Thread r : readers) {
                    r.start();
                    awaitBlocked(r);
                }
                waitFrom = System.nanoTime();
                synchronized (database) {
                    waitTo = System.nanoTime();
                }
                sleep(50);
            }
        }

        static void read() {
            long from = System.nanoTime();
            synchronized (cache) {
                long to = System.nanoTime();
                synchronized (Workload.class) {
                    readersBlocked += to - from;
                    readersBehindQuery += Math.max(0, Math.min(to, waitTo) - Math.max(from, waitFrom));
                }
            }
        }

        public static void main(String[] args) throws Exception {
            for (int round = 0; round < ROUNDS; round++) {
                Thread[] readers = {new Thread(Workload::read, "reader-1"), new Thread(Workload::read, "reader-2")};
                queryHolds = false;
                refresher = new Thread(() -> {
                    while (!queryHolds) {
                        Thread.onSpinWait();
                    }
                    refresh(readers);
                }, "refresher");
                Thread querier = new Thread(Workload::query, "querier");
                querier.start();
                refresher.start();
                querier.join();
                refresher.join();
                for (Thread r : readers) {
                    r.join();
                }
            }
            System.out.printf("truth readersBlocked=%d behindQuery=%d%n", readersBlocked, readersBehindQuery);
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        LockStatRun.Traced t = LockStatRun.traceWorkload("nested", "NestedLockBlameTest$Workload");
        Matcher m = Pattern.compile("truth readersBlocked=(\\d+) behindQuery=(\\d+)").matcher(t.run().stdout);
        LockStatRun.check(m.find(), "the workload printed its truth: " + t.run().stdout);
        // Of the readers' blocked time, the part while C's owner waited for D is query()'s.
        double expectedQuery = 100.0 * Long.parseLong(m.group(2)) / Long.parseLong(m.group(1));
        String trace = t.trace().toString();

        // The readers' blocked time only (--thread selects blocked threads): the refresher's own
        // contention on D is query()'s too, but not what the readers waited for.
        String root = LockStatRun.lockstat("report", "--by", "root-owner-method", "--thread", "reader-1", "--thread",
                "reader-2", "--format", "json", trace).shouldHaveExitValue(0).stdout;
        double query = LockStatRun.percentOf(root, "Workload.query");
        double refresh = LockStatRun.percentOf(root, "Workload.refresh");
        System.out.printf("readers' root owners: query %.2f%%, refresh %.2f%% (expected query %.2f%%)%n", query, refresh,
                expectedQuery);
        LockStatRun.check(Math.abs(query - expectedQuery) <= 3,
                "query() is the root owner of its measured share of the readers' time: " + query + " vs " + expectedQuery);
        LockStatRun.check(query + refresh > 97, "the rest is refresh()'s own: " + root);

        // Directly, refresh() owns all of it; its owner state is blocked for the part it waited for D.
        String direct = LockStatRun.lockstat("report", "--by", "owner-method,owner-state", "--thread", "reader-1", "--thread",
                "reader-2", "--format", "json", trace).shouldHaveExitValue(0).stdout;
        double refreshDirect = LockStatRun.percentOf(direct, "Workload.refresh");
        double blocked = LockStatRun.percentOf(direct, "blocked");
        System.out.printf("direct: refresh %.2f%%, of it blocked %.2f%%%n", refreshDirect, blocked);
        LockStatRun.check(refreshDirect > 97 && LockStatRun.percentOf(direct, "Workload.query") == 0,
                "the direct owner is refresh(): " + direct);
        LockStatRun.check(Math.abs(blocked - expectedQuery) <= 3, "refresh()'s owner time shows as blocked: " + blocked);
    }
}
