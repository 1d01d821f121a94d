package com.example;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/** Two call sites share one synchronous FileAppender: short audit lines and 4 KB trace dumps. */
public class App {
    private static final Logger LOG = LogManager.getLogger(App.class);
    private static final String BIG = "x".repeat(4096);

    static void audit(int i) {
        LOG.info("audit {}", i);
    }

    static void dump(int i) {
        LOG.info("dump {} {}", i, BIG);
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
    }
}
