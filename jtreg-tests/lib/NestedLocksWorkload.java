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
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

import java.util.concurrent.locks.ReentrantLock;

/**
 * Causes behind causes with measured truth (issue 26): readers block on a cache lock C while its owner
 * refresh() waits for a database lock D, which query() holds. Rounds are forced: both readers are
 * blocked on C before refresh() asks for D, and query() holds D until refresh() is blocked on it, then
 * 100 ms more; refresh() then works 50 ms holding C. Prints the readers' blocked time and the part of
 * it during which C's owner waited for D: query()'s share as root owner.
 * Usage: NestedLocksWorkload [sync|juc [ROUNDS]] (sync, 5). The accuracy suite (bench/accuracy/NestedLocks) and
 * jtreg's NestedLockBlameTest run it.
 */
public class NestedLocksWorkload {
    interface Lock {
        void run(Runnable r);

        boolean hasBlocked(Thread t);
    }

    static final class Monitor implements Lock {
        public synchronized void run(Runnable r) {
            r.run();
        }

        public boolean hasBlocked(Thread t) {
            return t.getState() == Thread.State.BLOCKED;
        }
    }

    static final class Juc implements Lock {
        final ReentrantLock lock = new ReentrantLock();

        public void run(Runnable r) {
            lock.lock();
            try {
                r.run();
            } finally {
                lock.unlock();
            }
        }

        public boolean hasBlocked(Thread t) {
            return lock.hasQueuedThread(t) && t.getState() == Thread.State.WAITING;
        }
    }

    static Lock cache, database;
    static volatile boolean queryHolds;
    static volatile Thread refresher;
    static volatile long waitFrom, waitTo;
    static long readersBlocked, readersBehindQuery;

    static void awaitBlocked(Lock lock, Thread t) {
        while (!lock.hasBlocked(t)) {
            Thread.onSpinWait();
        }
    }

    static void work(long ms) {
        long end = System.nanoTime() + ms * 1_000_000;
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    static void query() {
        database.run(() -> {
            queryHolds = true;
            awaitBlocked(database, refresher);
            work(100);
        });
    }

    static void refresh(Thread[] readers) {
        cache.run(() -> {
            for (Thread r : readers) {
                r.start();
                awaitBlocked(cache, r);
            }
            waitFrom = System.nanoTime();
            database.run(() -> waitTo = System.nanoTime());
            work(50);
        });
    }

    static void read() {
        long from = System.nanoTime();
        cache.run(() -> {
            long to = System.nanoTime();
            synchronized (NestedLocksWorkload.class) {
                readersBlocked += to - from;
                readersBehindQuery += Math.max(0, Math.min(to, waitTo) - Math.max(from, waitFrom));
            }
        });
    }

    public static void main(String[] args) throws Exception {
        boolean juc = args.length > 0 && args[0].equals("juc");
        cache = juc ? new Juc() : new Monitor();
        database = juc ? new Juc() : new Monitor();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        for (int round = 0; round < rounds; round++) {
            Thread[] readers = {new Thread(NestedLocksWorkload::read, "reader-1"), new Thread(NestedLocksWorkload::read, "reader-2")};
            queryHolds = false;
            refresher = new Thread(() -> {
                while (!queryHolds) {
                    Thread.onSpinWait();
                }
                refresh(readers);
            }, "refresher");
            Thread querier = new Thread(NestedLocksWorkload::query, "querier");
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
