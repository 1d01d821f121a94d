/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 */

import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The what-if accuracy workloads (lockstat whatif; bench/whatif/run-suite.sh and the jtreg test
 * WhatIfPredictionTest): worker threads loop over private work and sections whose lengths are
 * parameters, so each case runs once as recorded and again with one section actually shortened. Prints
 * "ops/s N" (loop iterations of all workers per second over the measured time).
 *
 * java WhatIfWorkload CASE THREADS MILLIS [name=micros ...]
 *   two-locks   work (parked), section a under lock A, then section b under lock B    work=1000 a=300 b=1200
 *   one-lock    work (parked), then section a under one monitor                        work=1000 a=400
 *   nested      work (parked), outer section o under lock O containing section i under lock I
 *               (o is the outer section's own time, i the inner's), then section j
 *               under lock I alone, so that the inner lock is contended too            work=1000 o=200 i=400 j=300
 *   reentrant   as two-locks with ReentrantLocks (non-fair)                             work=1000 a=300 b=1200
 *   cpu-bound   work (spinning, on a CPU), then section a (spinning) under one monitor  work=400 a=100
 *   rwlock      work (parked), then section r under a ReentrantReadWriteLock's read lock (parked: a
 *               read from a slow store; readers hold it together), then section w under its write
 *               lock                                                                    work=1000 r=800 w=300
 * A section's time is spent spinning on the clock (on a CPU, as real code would be); "parked" work is
 * LockSupport.parkNanos, a thread waiting for something outside the program (I/O, a remote call).
 * A length of 0 leaves the section out: the lock is not taken at all.
 */
public final class WhatIfWorkload {
    static final Object A = new Object(), B = new Object(), OUTER = new Object(), INNER = new Object();
    static final ReentrantLock RA = new ReentrantLock(), RB = new ReentrantLock();
    static final ReentrantReadWriteLock RW = new ReentrantReadWriteLock();
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        String c = args[0];
        int threads = Integer.parseInt(args[1]);
        long millis = Long.parseLong(args[2]);
        long work = param(args, "work", c.equals("cpu-bound") ? 400 : 1000) * 1000;
        long a = param(args, "a", c.equals("one-lock") ? 400 : c.equals("cpu-bound") ? 100 : 300) * 1000;
        long b = param(args, "b", 1200) * 1000;
        long o = param(args, "o", 200) * 1000, i = param(args, "i", 400) * 1000, j = param(args, "j", 300) * 1000;
        long r = param(args, "r", 800) * 1000, w = param(args, "w", 300) * 1000;
        Runnable body = switch (c) {
            case "two-locks" -> () -> { park(work); if (a > 0) { sectionA(a); } if (b > 0) { sectionB(b); } };
            case "one-lock" -> () -> { park(work); if (a > 0) { sectionA(a); } };
            case "nested" -> () -> { park(work); outer(o, i); if (j > 0) { innerSection(j); } };
            case "reentrant" -> () -> { park(work); if (a > 0) { lockedA(a); } if (b > 0) { lockedB(b); } };
            case "cpu-bound" -> () -> { spin(work); if (a > 0) { sectionA(a); } };
            case "rwlock" -> () -> { park(work); if (r > 0) { reading(r); } if (w > 0) { writing(w); } };
            default -> throw new IllegalArgumentException("unknown case " + c);
        };
        System.out.printf(Locale.ROOT, "ops/s %.1f%n", opsPerSecond(threads, millis, body));
    }

    /**
     * Runs body in a loop on threads worker threads, and after a warm-up (a quarter of millis, at most
     * half a second) counts the loops for millis: all workers' loops per second.
     */
    static double opsPerSecond(int threads, long millis, Runnable body) throws InterruptedException {
        AtomicBoolean measuring = new AtomicBoolean(), stop = new AtomicBoolean();
        LongAdder ops = new LongAdder();
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                while (!stop.get()) {
                    body.run();
                    if (measuring.get()) {
                        ops.increment();
                    }
                }
                done.countDown();
            }, "worker-" + t);
            w.start();
        }
        Thread.sleep(Math.min(500, millis / 4));
        long t0 = System.nanoTime();
        measuring.set(true);
        Thread.sleep(millis);
        measuring.set(false);
        long t1 = System.nanoTime();
        stop.set(true);
        done.await(10, TimeUnit.SECONDS);
        return ops.sum() * 1e9 / (t1 - t0);
    }

    static long param(String[] args, String name, long dflt) {
        return param(args, 3, name, dflt);
    }

    /** The value of name=... among args from index from on (the last one given counts), or dflt. */
    static long param(String[] args, int from, String name, long dflt) {
        for (int k = from; k < args.length; k++) {
            if (args[k].startsWith(name + "=")) {
                dflt = Long.parseLong(args[k].substring(name.length() + 1));   // the last one given counts
            }
        }
        return dflt;
    }

    static void sectionA(long nanos) {
        synchronized (A) {
            spin(nanos);
        }
    }

    static void sectionB(long nanos) {
        synchronized (B) {
            spin(nanos);
        }
    }

    static void outer(long own, long inner) {
        synchronized (OUTER) {
            spin(own);
            if (inner > 0) {
                innerSection(inner);
            }
        }
    }

    static void innerSection(long nanos) {
        synchronized (INNER) {
            spin(nanos);
        }
    }

    static void lockedA(long nanos) {
        RA.lock();
        try {
            spin(nanos);
        } finally {
            RA.unlock();
        }
    }

    static void lockedB(long nanos) {
        RB.lock();
        try {
            spin(nanos);
        } finally {
            RB.unlock();
        }
    }

    static void reading(long nanos) {
        RW.readLock().lock();
        try {
            park(nanos);
        } finally {
            RW.readLock().unlock();
        }
    }

    static void writing(long nanos) {
        RW.writeLock().lock();
        try {
            spin(nanos);
        } finally {
            RW.writeLock().unlock();
        }
    }

    static void park(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos, x = 0;
        while (System.nanoTime() < end) {
            x++;
        }
        sink += x;
    }
}
