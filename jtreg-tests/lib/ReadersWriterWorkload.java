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

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * Every reader that blocks a writer, with measured truth (issue 26): three readers hold a read lock when a
 * writer asks for the write lock; they release at different times, 20, 50 and 100 ms after the writer is
 * queued (readerB holds the read lock twice, reentrant, and releases its inner hold at 30 ms). Only the
 * last release unparks the writer. Rounds are forced: the readers hold before the writer starts, and the
 * clock of their releases starts once the writer is parked in the lock's queue.
 * Truth: each reader is charged its time from the writer's lock() call to its release, in proportion, of
 * the writer's wait up to the last release; prints each reader method's percent of the writer's blocked time.
 * Usage: ReadersWriterWorkload [rrwl|stamped [ROUNDS]] (rrwl, 5). The accuracy suite
 * (bench/accuracy/ReadersWriter) and jtreg's ReadersWriterBlameTest run it.
 */
public class ReadersWriterWorkload {
    // One of the two per round; releases are written out in each reader method, so that the reader
    // method (not a helper) is the owner method of its release.
    static ReentrantReadWriteLock rw;
    static StampedLock sl;

    static long read() {
        if (sl != null) {
            return sl.readLock();
        }
        rw.readLock().lock();
        return 0;
    }

    static final long[] RELEASE_MS = {20, 50, 100};
    static volatile long queuedAt;     // when the writer was seen parked in the queue; 0 before
    static volatile long writerFrom;   // the writer's lock() call
    static final long[] releasedAt = new long[3];
    static final double[] expectedNanos = new double[3];
    static long writerBlocked;

    static void sleepUntil(long nanoTime) {
        long left;
        while ((left = nanoTime - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);   // no blocker: a sleep, not contention
        }
    }

    static long releaseAfter(int i) {
        long q;
        while ((q = queuedAt) == 0) {
            Thread.onSpinWait();
        }
        sleepUntil(q + RELEASE_MS[i] * 1_000_000);
        return System.nanoTime();
    }

    static void readerA(CountDownLatch holding) {
        long s = read();
        holding.countDown();
        releasedAt[0] = releaseAfter(0);
        if (sl != null) sl.unlockRead(s); else rw.readLock().unlock();
    }

    static void readerB(CountDownLatch holding) {
        long outer = read();
        long inner = read();
        holding.countDown();
        long q;
        while ((q = queuedAt) == 0) {
            Thread.onSpinWait();
        }
        sleepUntil(q + 30_000_000);
        if (sl != null) sl.unlockRead(inner); else rw.readLock().unlock();
        releasedAt[1] = releaseAfter(1);
        if (sl != null) sl.unlockRead(outer); else rw.readLock().unlock();
    }

    static void readerC(CountDownLatch holding) {
        long s = read();
        holding.countDown();
        releasedAt[2] = releaseAfter(2);
        if (sl != null) sl.unlockRead(s); else rw.readLock().unlock();
    }

    static void writer() {
        writerFrom = System.nanoTime();
        long stamp = 0;
        if (sl != null) stamp = sl.writeLock(); else rw.writeLock().lock();
        long to = System.nanoTime();
        if (sl != null) sl.unlockWrite(stamp); else rw.writeLock().unlock();
        writerBlocked += to - writerFrom;
    }

    static boolean parked(Thread t, Object blocker) {
        Object b = LockSupport.getBlocker(t);
        return t.getState() == Thread.State.WAITING && b != null && (b == blocker || blocker == null);
    }

    public static void main(String[] args) throws Exception {
        boolean stamped = args.length > 0 && args[0].equals("stamped");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        for (int round = 0; round < rounds; round++) {
            rw = stamped ? null : new ReentrantReadWriteLock();
            sl = stamped ? new StampedLock() : null;
            queuedAt = 0;
            CountDownLatch holding = new CountDownLatch(3);
            Thread[] readers = {new Thread(() -> readerA(holding), "reader-a"), new Thread(() -> readerB(holding), "reader-b"),
                new Thread(() -> readerC(holding), "reader-c")};
            for (Thread r : readers) {
                r.start();
            }
            holding.await();
            Thread w = new Thread(ReadersWriterWorkload::writer, "writer");
            w.start();
            Object blocker = stamped ? sl : null;   // a ReentrantReadWriteLock parks on its Sync
            while (!parked(w, blocker) || (!stamped && !rw.hasQueuedThread(w))) {
                Thread.onSpinWait();
            }
            queuedAt = System.nanoTime();
            for (Thread r : readers) {
                r.join();
            }
            w.join();
            // Each reader's hold during the wait, in proportion, of the wait up to the last release.
            double total = 0;
            for (long r : releasedAt) {
                total += r - writerFrom;
            }
            for (int i = 0; i < 3; i++) {
                expectedNanos[i] += (releasedAt[i] - writerFrom) / total * (releasedAt[2] - writerFrom);
            }
        }
        System.out.printf("truth readerA=%.2f readerB=%.2f readerC=%.2f%n", 100 * expectedNanos[0] / writerBlocked,
                100 * expectedNanos[1] / writerBlocked, 100 * expectedNanos[2] / writerBlocked);
        System.out.println("workload-done");
    }
}
