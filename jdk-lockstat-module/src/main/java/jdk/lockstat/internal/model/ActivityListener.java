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

package jdk.lockstat.internal.model;

/**
 * What threads did besides contending, for timelines and bottle graphs: lifetimes, parks of every
 * kind, and Object.wait(). Monitor contention itself arrives as {@link Contention}s. Calls come in
 * buffer order, not time order. All methods are optional.
 */
public interface ActivityListener {
    ActivityListener NONE = new ActivityListener() {};

    /** Tells every one of listeners, in order. */
    static ActivityListener of(ActivityListener... listeners) {
        ActivityListener[] all = listeners.clone();
        return new ActivityListener() {
            @Override
            public void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {
                for (ActivityListener l : all) {
                    l.threadStarted(thread, time, existedAtStart);
                }
            }

            @Override
            public void threadEnded(ThreadRef thread, long time) {
                for (ActivityListener l : all) {
                    l.threadEnded(thread, time);
                }
            }

            @Override
            public void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {
                for (ActivityListener l : all) {
                    l.parked(thread, kind, from, to);
                }
            }

            @Override
            public void waitStarted(ThreadRef thread, long time) {
                for (ActivityListener l : all) {
                    l.waitStarted(thread, time);
                }
            }

            @Override
            public void waitEnded(ThreadRef thread, long time) {
                for (ActivityListener l : all) {
                    l.waitEnded(thread, time);
                }
            }

            @Override
            public void vmPause(long time, long duration, int kind) {
                for (ActivityListener l : all) {
                    l.vmPause(time, duration, kind);
                }
            }

            @Override
            public void parkedUntilEnd(ThreadRef thread, ParkBlockerKind kind, long from) {
                for (ActivityListener l : all) {
                    l.parkedUntilEnd(thread, kind, from);
                }
            }

            @Override
            public void cpuTime(ThreadRef thread, long time, long cpuNanos) {
                for (ActivityListener l : all) {
                    l.cpuTime(thread, time, cpuNanos);
                }
            }

            @Override
            public void readerHeld(LockRef lock, ThreadRef reader, ChainRef chain, long from, long to) {
                for (ActivityListener l : all) {
                    l.readerHeld(lock, reader, chain, from, to);
                }
            }
        };
    }

    /** ThreadStart; existedAtStart: the thread was running when tracing started (time is that moment). */
    default void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {}

    default void threadEnded(ThreadRef thread, long time) {}

    /** A park that blocked from..to, on a blocker of the given kind (null blocker: WAIT). */
    default void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {}

    /** The thread released a monitor in Object.wait(). */
    default void waitStarted(ThreadRef thread, long time) {}

    /**
     * The thread is back from Object.wait() by this time at the latest: it contends to re-enter, or it
     * releases the monitor again (the trace has no event for an uncontended return from wait()).
     */
    default void waitEnded(ThreadRef thread, long time) {}

    /** Every Java thread was stopped from time for duration nanoseconds (a safepoint; kind 0). */
    default void vmPause(long time, long duration, int kind) {}

    /** A park that began at from and had not ended when the trace ended (a worker idle, a long wait). */
    default void parkedUntilEnd(ThreadRef thread, ParkBlockerKind kind, long from) {}

    /** A platform thread had used cpuNanos of CPU time (user + system) since it started, by time. */
    default void cpuTime(ThreadRef thread, long time, long cpuNanos) {}

    /**
     * A reader of a read-write lock held it over [from, to) at least, while a writer waited: to is its
     * release (chain: where it gave the lock back). The writer's owner parts share that time among the
     * readers end to end; this is each reader's own hold, for what-if's replay (readers hold together).
     */
    default void readerHeld(LockRef lock, ThreadRef reader, ChainRef chain, long from, long to) {}
}
