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

package jdk.lockstat.internal.whatif;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * What the what-if replay needs from one pass of the analysis: every blocked interval on a lock, and the
 * holds the contentions' owner parts reveal. A hold is seen only while some thread was blocked behind it,
 * once for each such thread: the pieces of one holder (same lock, owner and chain) are kept as their
 * union as they come ({@link HoldPieces}), each hold one interval. Waits for a resource (a pool's item,
 * a queue's element) are counted but not replayed: several threads hold a pool's items at once, which
 * a replay of one owner at a time does not model.
 */
public final class HoldCollector implements ContentionSink, ActivityListener {
    /** The section a hold belongs to: the key of the chosen aspect for this lock and owner part. */
    @FunctionalInterface
    public interface SectionKeys {
        Object key(LockRef lock, OwnerPart part);
    }

    /** One hold as the owner parts show it: the lock, its owner, and the owner's chain at the release. */
    record HoldId(LockRef lock, ThreadRef owner, ChainRef chain) {}

    /**
     * One blocked interval of a thread on a lock; section: the key its hold would have were it seen, from
     * the chain where the thread blocked (for a synchronized method or block, the same method), which
     * also tells a reader's wait (ReadHolds).
     */
    record Wait(LockRef lock, long start, long end, Object section, ChainRef chain) {}

    private final SectionKeys keys;
    final Map<HoldId, HoldPieces> pieces = new LinkedHashMap<>();
    final Map<HoldId, Object> sectionOf = new HashMap<>();
    final Map<ThreadRef, List<Wait>> waits = new LinkedHashMap<>();
    /**
     * Per lock: the wake-ups' summed length and count, from a release to the acquisition of the waiter it
     * woke (the replay's hand-off time): each contention's own last part, when a hand-off. A hand-off
     * before another owner's part is not counted: since hold starts it may be the lock free before a
     * barging owner took it, a few microseconds that no waiter spent waking (on one-lock traces they
     * pulled the mean down and the predicted gains with it).
     */
    final Map<LockRef, long[]> handOffs = new HashMap<>();
    /** Per section key: blocked time charged to its holders (as report --by that aspect charges it). */
    final Map<Object, long[]> blockedBySection = new HashMap<>();
    final Map<ThreadRef, long[]> lifetimes = new HashMap<>();
    private final Map<ThreadRef, LongPairs> cpu = new HashMap<>();
    /** cpu's samples in time order, sorted on first use (after the analysis has run). */
    private final Map<ThreadRef, long[][]> sortedCpu = new HashMap<>();
    final Map<ThreadRef, LongPairs> parks = new HashMap<>();   // parks and Object.wait()s: off a CPU
    private final Map<ThreadRef, Long> waitingSince = new HashMap<>();
    private int cpus;
    long blockedNanos;
    long resourceWaits, resourceNanos;

    public HoldCollector(SectionKeys keys) {
        this.keys = keys;
    }

    @Override
    public void accept(Contention c) {
        if (c.thread() == null || c.lock() == null) {
            return;
        }
        if (c.kind() == Contention.Kind.RESOURCE) {
            resourceWaits++;
            resourceNanos += c.nanos();
            return;
        }
        blockedNanos += c.nanos();
        waits.computeIfAbsent(c.thread(), t -> new ArrayList<>())
                .add(new Wait(c.lock(), c.start(), c.end(), keys.key(c.lock(), partOf(c.thread(), c.chain())), c.chain()));
        List<OwnerPart> parts = c.parts();
        for (int at = 0; at < parts.size(); at++) {
            OwnerPart p = parts.get(at);
            if (p.owner() == null) {
                if (p.handOff() && at == parts.size() - 1) {
                    long[] h = handOffs.computeIfAbsent(c.lock(), l -> new long[2]);
                    h[0] += p.nanos();
                    h[1]++;
                }
                continue;
            }
            HoldId id = new HoldId(c.lock(), p.owner(), p.chain());
            pieces.computeIfAbsent(id, i -> new HoldPieces()).add(p.start(), p.end());
            Object section = sectionOf.computeIfAbsent(id, i -> keys.key(c.lock(), p));
            blockedBySection.computeIfAbsent(section, k -> new long[1])[0] += p.nanos();
        }
    }

    /** An owner part of owner in chain, for the section key of a hold the trace did not show. */
    private static OwnerPart partOf(ThreadRef owner, ChainRef chain) {
        return new Contention(Contention.Kind.INTRINSIC, null, owner, null, false, 0).addPart(0, 1, owner, chain, 0);
    }

    /**
     * A reader's own hold, from the time a writer waited: the writer's parts lay the readers end to end
     * (each for its share), which would make a reader's hold end before its release and the readers
     * follow one another; this piece reaches its release, and the replay lets readers hold together.
     */
    @Override
    public void readerHeld(LockRef lock, ThreadRef reader, ChainRef chain, long from, long to) {
        if (to <= from) {
            return;
        }
        HoldId id = new HoldId(lock, reader, chain);
        pieces.computeIfAbsent(id, i -> new HoldPieces()).add(from, to);
        sectionOf.computeIfAbsent(id, i -> keys.key(lock, partOf(reader, chain)));
    }

    /** Every park, which a hold's start cannot precede when the owner took the lock after it. */
    @Override
    public void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {
        parks.computeIfAbsent(thread, t -> new LongPairs()).add(from, to);
    }

    /** Object.wait() is off a CPU too, from the release to the return (or its re-entry's contention). */
    @Override
    public void waitStarted(ThreadRef thread, long time) {
        waitingSince.put(thread, time);
    }

    @Override
    public void waitEnded(ThreadRef thread, long time) {
        Long since = waitingSince.remove(thread);
        if (since != null && time > since) {
            parks.computeIfAbsent(thread, t -> new LongPairs()).add(since, time);
        }
    }

    @Override
    public void parkedUntilEnd(ThreadRef thread, ParkBlockerKind kind, long from) {
        parks.computeIfAbsent(thread, t -> new LongPairs()).add(from, Long.MAX_VALUE);
    }

    @Override
    public void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {
        lifetime(thread)[0] = existedAtStart ? Long.MIN_VALUE : time;
    }

    @Override
    public void threadEnded(ThreadRef thread, long time) {
        lifetime(thread)[1] = time;
    }

    /** Keeps each platform thread's CPU time samples (for {@link #cpuNanos}); they come in buffer order. */
    @Override
    public void cpuTime(ThreadRef thread, long time, long cpuNanos) {
        cpu.computeIfAbsent(thread, t -> new LongPairs()).add(time, cpuNanos);
    }

    /**
     * CPU time the thread used in [from, to), from its samples (cumulative since it started): the last
     * sample's at or before each end, the first one's where none is before; -1 without samples.
     */
    long cpuNanos(ThreadRef t, long from, long to) {
        long[][] samples = sortedCpu.computeIfAbsent(t, k -> sortedSamples(cpu.get(k)));
        if (samples.length == 0) {
            return -1;
        }
        return Math.max(0, cumulativeAt(samples, to) - cumulativeAt(samples, from));
    }

    /** A thread's samples as {time, cumulative CPU} in time order; none without samples. */
    private static long[][] sortedSamples(LongPairs p) {
        long[][] samples = new long[p == null ? 0 : p.size()][];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = new long[] {p.a[2 * i], p.a[2 * i + 1]};
        }
        java.util.Arrays.sort(samples, java.util.Comparator.comparingLong(x -> x[0]));
        return samples;
    }

    private static long cumulativeAt(long[][] sortedSamples, long time) {
        long c = sortedSamples[0][1];
        for (long[] s : sortedSamples) {
            if (s[0] > time) {
                break;
            }
            c = Math.max(c, s[1]);
        }
        return c;
    }

    /** The traced VM's CPUs, when told (0: unknown). */
    public void cpus(int n) {
        cpus = Math.max(0, n);
    }

    /** The traced VM's CPUs from the trace's header (its cpus property; unknown when absent). */
    public void cpus(TraceHeader header) {
        cpus(header == null ? 0 : header.cpus());
    }

    int cpus() {
        return cpus;
    }

    /** CPU time the traced threads used in [from, to), summed. */
    public long cpuNanos(long from, long to) {
        long sum = 0;
        for (ThreadRef t : cpu.keySet()) {
            sum += Math.max(0, cpuNanos(t, from, to));
        }
        return sum;
    }

    private long[] lifetime(ThreadRef t) {
        return lifetimes.computeIfAbsent(t, k -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
    }

    /** A growable list of [from, to) pairs. */
    static final class LongPairs {
        long[] a = new long[8];
        int n;

        void add(long from, long to) {
            if (n + 2 > a.length) {
                a = java.util.Arrays.copyOf(a, a.length * 2);
            }
            a[n++] = from;
            a[n++] = to;
        }

        int size() {
            return n / 2;
        }
    }
}
