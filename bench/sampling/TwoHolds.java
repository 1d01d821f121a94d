/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

import java.util.concurrent.locks.ReentrantLock;

/**
 * Four threads (platform or virtual) share one lock (synchronized or ReentrantLock): two hold it for 1 ms
 * in holdA, two for 3 ms in holdB, with 0.2 ms of their own work between holds. While the lock is
 * saturated, holdB's share of the blocked time is 3/4 of the holding: the truth a sampled trace's owner
 * shares are compared with (bench/sampling/owner-shares.sh). Usage: TwoHolds MILLIS monitor|reentrant
 * platform|virtual.
 */
public class TwoHolds {
    static final Object MONITOR = new Object();
    static final ReentrantLock LOCK = new ReentrantLock();
    static boolean monitor;

    static void spin(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    static void hold(long nanos) {
        if (monitor) {
            synchronized (MONITOR) {
                spin(nanos);
            }
        } else {
            LOCK.lock();
            try {
                spin(nanos);
            } finally {
                LOCK.unlock();
            }
        }
    }

    static void holdA() {
        hold(1_000_000);
    }

    static void holdB() {
        hold(3_000_000);
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[0]);
        monitor = args[1].equals("monitor");
        Thread[] threads = new Thread[4];
        for (int i = 0; i < threads.length; i++) {
            boolean a = i % 2 == 0;
            Runnable r = () -> {
                while (System.currentTimeMillis() < end) {
                    if (a) {
                        holdA();
                    } else {
                        holdB();
                    }
                    spin(200_000);
                }
            };
            threads[i] = args[2].equals("virtual") ? Thread.ofVirtual().unstarted(r) : new Thread(r);
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("done");
    }
}
