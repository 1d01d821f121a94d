package com.example;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** Two call sites share one synchronous FileAppender: short audit lines and 4 KB trace dumps. */
public class App {
    private static final Logger LOG = LogManager.getLogger(App.class);
    private static final String BIG = "x".repeat(4096);

    /** With -Dexact=true every call runs inside one monitor and its hold is timed: the truth per site. */
    static final boolean EXACT = Boolean.getBoolean("exact");
    static final Object ONE = new Object();
    static final long[] HELD = new long[2];

    static void audit(int i) {
        if (EXACT) {
            synchronized (ONE) {
                long t0 = System.nanoTime();
                LOG.info("audit {}", i);
                HELD[0] += System.nanoTime() - t0;
            }
        } else {
            LOG.info("audit {}", i);
        }
    }

    static void dump(int i) {
        if (EXACT) {
            synchronized (ONE) {
                long t0 = System.nanoTime();
                LOG.info("dump {} {}", i, BIG);
                HELD[1] += System.nanoTime() - t0;
            }
        } else {
            LOG.info("dump {} {}", i, BIG);
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long until = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000L;
        Thread[] ts = new Thread[threads];
        long[] counts = new long[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            ts[t] = new Thread(() -> {
                int i = 0;
                while (System.nanoTime() < until) {
                    if ((i & 1) == 0) {
                        audit(i);
                    } else {
                        dump(i);
                    }
                    i++;
                }
                counts[id] = i;
            }, "worker-" + t);
            ts[t].start();
        }
        long total = 0;
        for (int t = 0; t < threads; t++) {
            ts[t].join();
            total += counts[t];
        }
        System.out.println("logged " + total);
        if (EXACT) {
            double sum = HELD[0] + HELD[1];
            System.out.printf("held: audit %.1f%%, dump %.1f%% (%.1f us and %.1f us a call)%n", 100 * HELD[0] / sum,
                    100 * HELD[1] / sum, HELD[0] / 1e3 / (total / 2.0), HELD[1] / 1e3 / (total / 2.0));
        }
    }
}
