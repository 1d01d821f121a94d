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

package jdk.lockstat.internal.reconstruct;

import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs fuzz inputs one at a time on a daemon thread, so that a hang is seen as a time-out instead of
 * stalling the test run, and measures what each input allocated (a reader that sizes arrays from a
 * damaged length shows here long before it exhausts the heap).
 */
public final class BoundedWorker implements AutoCloseable {
    /** What one task did: its value, or what it threw, or that it did not finish in its seconds. */
    public record Outcome<T>(T value, Throwable thrown, boolean timedOut, long allocatedBytes, long seconds) {
        /**
         * What went wrong, or null: a hang, a throwable other than the allowed kind (null: none is
         * allowed), or more allocation than the limit. The fuzz tests' common verdict on an input.
         */
        public String problem(long allocationLimit, Class<? extends Throwable> allowed) {
            if (timedOut) {
                return "no answer within " + seconds + " s (a hang)";
            }
            if (thrown != null && (allowed == null || !allowed.isInstance(thrown))) {
                return "threw " + frames(thrown);
            }
            if (allocatedBytes > allocationLimit) {
                return "allocated " + (allocatedBytes >> 20) + " MB";
            }
            return null;
        }
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fuzz-worker");
        t.setDaemon(true);   // a hung input must not keep the test JVM alive
        return t;
    });

    public <T> Outcome<T> run(Callable<T> task, long seconds) throws InterruptedException {
        long[] allocated = {0};
        Future<T> f = executor.submit(() -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            try {
                return task.call();
            } finally {
                allocated[0] = THREADS.getCurrentThreadAllocatedBytes() - before;
            }
        });
        try {
            T value = f.get(seconds, TimeUnit.SECONDS);
            return new Outcome<>(value, null, false, allocated[0], seconds);
        } catch (ExecutionException e) {
            return new Outcome<>(null, e.getCause(), false, allocated[0], seconds);
        } catch (TimeoutException e) {
            f.cancel(true);
            return new Outcome<>(null, null, true, allocated[0], seconds);
        }
    }

    /** The first frames of what a task threw, for the failure message. */
    public static String frames(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        return t + " at " + java.util.Arrays.toString(java.util.Arrays.copyOf(st, Math.min(st.length, 12)));
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
