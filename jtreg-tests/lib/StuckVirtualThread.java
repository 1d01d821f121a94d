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
 * A virtual thread that stays blocked on a monitor after the monitor is released: the VM keeps counting
 * it blocked, so every release is recorded, yet it cannot take the monitor, since the only carrier
 * (-Djdk.virtualThreadScheduler.parallelism=1 -Djdk.virtualThreadScheduler.maxPoolSize=1) is kept
 * busy by a spinning virtual thread until {@link #release()}; or, parked on a ReentrantLock, is unparked
 * by its release and cannot run. HoldStartTest, InlineReleaseRunTest and JucHoldStartTest force their
 * situations with it.
 */
public final class StuckVirtualThread {
    private static volatile boolean hogRunning;
    private static volatile boolean stopHog;

    private StuckVirtualThread() {
    }

    /**
     * Called while holding lock: starts w (unstarted, about to synchronize on lock), waits until it is
     * BLOCKED, then occupies the only carrier. From the release of lock on, w is woken but cannot run.
     */
    public static void blockWhileHolding(Object lock, Thread w) throws InterruptedException {
        if (!Thread.holdsLock(lock)) {
            throw new IllegalStateException("the caller must hold the lock");
        }
        w.start();
        while (w.getState() != Thread.State.BLOCKED) {
            Thread.sleep(1);
        }
        occupyCarrier();
    }

    /**
     * The same for a ReentrantLock: w (unstarted, about to lock it) is started and parks on the lock, then
     * the only carrier is occupied. From the release of lock on, w is unparked but cannot run.
     */
    public static void parkWhileHolding(ReentrantLock lock, Thread w) throws InterruptedException {
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("the caller must hold the lock");
        }
        w.start();
        while (w.getState() != Thread.State.WAITING) {
            Thread.sleep(1);
        }
        occupyCarrier();
    }

    private static void occupyCarrier() throws InterruptedException {
        Thread.ofVirtual().name("hog").start(() -> {
            hogRunning = true;
            while (!stopHog) {
                Thread.onSpinWait();
            }
        });
        while (!hogRunning) {
            Thread.sleep(1);
        }
    }

    /** Frees the carrier: the stuck thread runs and takes the monitor when it is free. */
    public static void release() {
        stopHog = true;
    }
}
