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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.OwnerState;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.ThreadRef;
import jdk.lockstat.internal.model.Unknown;

/**
 * Splits every owner part by what its owner thread was doing meanwhile (owner state): its own blocked
 * intervals (contentions on other locks and waits for resources, as the lock analyzers finish them), its
 * waits (Object.wait(), parks at barriers, in joins or without a blocker), idle parks, and VM pauses.
 *
 * <p>An owner can only release a lock when it runs, so whatever held it up while others waited for its
 * lock ended before its release: by the time a contention is complete, its owners' states during it
 * have ended too. Their events may still be in later buffers, though; a contention is therefore held
 * until a drain period's end (every thread's events before it have arrived) passes its end, and at the
 * end of the trace. At most {@link #MAX_HELD} are held, with at most {@link #MAX_HELD_PARTS} owner parts
 * between them: past that the oldest is split with what is known. Each thread keeps
 * its latest {@link #MAX_INTERVALS} intervals, for {@link #ENDED_KEPT_NANOS} after it ended (so a trace of
 * many short-lived threads does not keep them all), and its CPU time samples ({@link CpuSamples}).
 *
 * <p>Where states overlap (a VM pause while the owner was blocked), the part takes the first of
 * vm-pause, blocked, waiting, parked.
 */
final class OwnerStateJoin implements ContentionSink, ActivityListener {
    static final int MAX_HELD = 20_000;
    /**
     * Owner parts of the contentions held, at most: on a barging monitor every blocked thread waits
     * through hundreds of owners, and 20,000 held contentions kept 3 M parts (240 MB) on a 16-thread
     * trace, promoted to the old generation before their drain period's end let them go.
     */
    static final long MAX_HELD_PARTS = 250_000;
    static final int MAX_INTERVALS = 256;
    /** How long a thread's states are kept after it ended, in trace time (its releases came before). */
    static final long ENDED_KEPT_NANOS = 10_000_000_000L;
    /** Blocked owners followed for one part, at most (a longer path is reported as a cycle). */
    static final int MAX_DEPTH = 16;
    /**
     * Owner-state lookups for one contention, at most: where blocked owners were blocked behind blocked
     * owners again and again, blame stops at the owner reached when it runs out.
     */
    static final int LOOKUPS_PER_CONTENTION = 64;
    /**
     * A running stretch past the thread's last CPU sample takes the last window's share, if that window
     * ended at most this long before it; otherwise it stays running (nothing known).
     */
    static final long CPU_EXTRAPOLATE_NANOS = 1_000_000_000L;

    /**
     * Owner parts that the blocked intervals kept for transitive blame may hold, at most. A contention that
     * many threads barged past holds one part per release it waited through, thousands; each thread's
     * last {@link #MAX_INTERVALS} intervals holding theirs kept 28 M parts, 2 GB, on 16 barging threads.
     * Past this (ContentionAnalysis.Options.withBlameBound), the oldest blocked intervals let go of their contentions (their state stays): time an
     * owner spent blocked there is blamed on an unknown root owner.
     */
    static final long MAX_BLAME_PARTS = 1_000_000;

    /**
     * A state of one thread (or a VM pause); contention: the blocked interval itself, for transitive blame
     * (null for the other states, and once let go of: {@link #forgotten}).
     */
    private static final class Interval {
        private final long from, to;
        private final OwnerState state;
        private final LockRef lock;
        private Contention contention;
        private final int parts;   // the contention's parts when it was kept
        private long order;        // in its timeline, as it arrived

        Interval(long from, long to, OwnerState state, LockRef lock, Contention contention) {
            this.from = from;
            this.to = to;
            this.state = state;
            this.lock = lock;
            this.contention = contention;
            this.parts = contention == null ? 0 : contention.parts().size();
        }

        long from() {
            return from;
        }

        long to() {
            return to;
        }

        OwnerState state() {
            return state;
        }

        LockRef lock() {
            return lock;
        }

        Contention contention() {
            return contention;
        }

        /** A blocked interval whose contention was let go of: who held the lock then is no longer known. */
        boolean forgotten() {
            return state == OwnerState.BLOCKED && contention == null;
        }
    }

    /**
     * One thread's states (or the VM pauses), oldest first as they arrived, with an index by start time
     * rebuilt when they change: an owner part asks which of them overlap it, and a contention that many
     * threads barged past has thousands of parts (a scan of all 256 for each was 57% of the analysis on
     * 16 barging threads).
     */
    private static final class Timeline implements Iterable<Interval> {
        private final ArrayDeque<Interval> list = new ArrayDeque<>();
        private long added;
        private Interval[] byFrom;   // null when stale
        private long[] maxTo;        // of byFrom[0..i]

        void add(Interval i) {
            i.order = added++;
            list.addLast(i);
            byFrom = null;
        }

        Interval removeOldest() {
            byFrom = null;
            return list.removeFirst();
        }

        int size() {
            return list.size();
        }

        @Override
        public java.util.Iterator<Interval> iterator() {
            return list.iterator();
        }

        /**
         * Adds the intervals overlapping [from, to), except blocked ones on the lock held (rounding at the
         * owner's own wake-up), newest first as they arrived.
         */
        void collect(long from, long to, LockRef held, List<Interval> out) {
            if (list.isEmpty()) {
                return;
            }
            if (byFrom == null) {
                byFrom = list.toArray(new Interval[0]);
                java.util.Arrays.sort(byFrom, (x, y) -> Long.compare(x.from(), y.from()));
                maxTo = new long[byFrom.length];
                long m = Long.MIN_VALUE;
                for (int k = 0; k < byFrom.length; k++) {
                    m = Math.max(m, byFrom[k].to());
                    maxTo[k] = m;
                }
            }
            int lo = 0, hi = byFrom.length;   // the first starting at or after to
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (byFrom[mid].from() < to) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int start = out.size();
            for (int k = lo - 1; k >= 0 && maxTo[k] > from; k--) {
                Interval i = byFrom[k];
                if (i.to() > from && (held == null || !held.equals(i.lock()))) {
                    out.add(i);
                }
            }
            out.subList(start, out.size()).sort((x, y) -> Long.compare(y.order, x.order));
        }
    }

    private record Segment(long from, long to, Interval by) {}

    private final ContentionSink next;
    private final Map<ThreadRef, Timeline> states = new HashMap<>();
    /** Blocked intervals holding their contentions, oldest first (some let go of already), and their parts. */
    private final ArrayDeque<Interval> blaming = new ArrayDeque<>();
    private long blamingParts;
    private int blamingHeld;
    private final Timeline pauses = new Timeline();
    private final Map<ThreadRef, Long> waitSince = new HashMap<>();
    /** Each thread's CPU time samples. */
    private final Map<ThreadRef, CpuSamples> cpu = new HashMap<>();
    private final ArrayDeque<Contention> held = new ArrayDeque<>();
    private long heldParts;   // theirs; parts do not come or go while a contention is held
    private record Ended(ThreadRef thread, long time) {}
    private final ArrayDeque<Ended> ended = new ArrayDeque<>();
    private long settledUpTo = Long.MIN_VALUE;
    private int lookups;   // left for the contention being split

    private final long maxBlameParts;
    private final long maxHeldParts;

    OwnerStateJoin(ContentionSink next) {
        this(next, MAX_BLAME_PARTS);
    }

    OwnerStateJoin(ContentionSink next, long maxBlameParts) {
        this(next, maxBlameParts, MAX_HELD_PARTS);
    }

    OwnerStateJoin(ContentionSink next, long maxBlameParts, long maxHeldParts) {
        this.next = next;
        this.maxBlameParts = maxBlameParts;
        this.maxHeldParts = maxHeldParts;
    }

    /** A contention as its analyzer finished it: its thread was blocked on its lock meanwhile. */
    void observe(Contention c) {
        if (c.thread() != null && !c.afterWait()) {
            Interval in = new Interval(c.start(), c.end(), OwnerState.BLOCKED, c.lock(), c);
            if (add(states, c.thread(), in)) {
                blaming.addLast(in);
                blamingParts += in.parts;
                blamingHeld++;
                while (blamingParts > maxBlameParts && !blaming.isEmpty()) {
                    letGo(blaming.removeFirst());
                }
                if (blaming.size() > 64 && blaming.size() > 2 * blamingHeld) {
                    blaming.removeIf(i -> i.contention == null);   // let go of when their threads dropped them
                }
            }
        }
    }

    @Override
    public void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {
        if (kind.contention()) {
            return;   // a park on a lock or a resource that blocked is a contention, which comes with its blocker (observe)
        }
        add(states, thread, new Interval(from, to, kind == ParkBlockerKind.WAIT ? OwnerState.WAITING : OwnerState.PARKED, null, null));
    }

    @Override
    public void threadEnded(ThreadRef thread, long time) {
        ended.addLast(new Ended(thread, time));
    }

    @Override
    public void waitStarted(ThreadRef thread, long time) {
        waitSince.put(thread, time);
    }

    @Override
    public void waitEnded(ThreadRef thread, long time) {
        Long since = waitSince.remove(thread);
        if (since != null) {
            add(states, thread, new Interval(since, time, OwnerState.WAITING, null, null));
        }
    }

    /** A thread started while tracing: its CPU time was 0 then, the first sample of its windows. */
    @Override
    public void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {
        if (!existedAtStart) {
            cpuTime(thread, time, 0);
        }
    }

    /** A platform thread's CPU time so far (ThreadCpu, every drain period): splits its running time. */
    @Override
    public void cpuTime(ThreadRef thread, long time, long cpuNanos) {
        // one sample a time; an older one (buffer order) adds nothing to the windows kept
        cpu.computeIfAbsent(thread, k -> new CpuSamples()).add(time, cpuNanos);
    }

    @Override
    public void vmPause(long time, long duration, int kind) {
        pauses.add(new Interval(time, time + duration, OwnerState.VM_PAUSE, null, null));
        if (pauses.size() > MAX_INTERVALS) {
            pauses.removeOldest();
        }
    }

    /** Adds i to t's states, dropping the oldest past {@link #MAX_INTERVALS}; false when it is empty. */
    private boolean add(Map<ThreadRef, Timeline> into, ThreadRef t, Interval i) {
        if (i.to() <= i.from()) {
            return false;
        }
        Timeline list = into.computeIfAbsent(t, k -> new Timeline());
        list.add(i);
        if (list.size() > MAX_INTERVALS) {
            letGo(list.removeOldest());
        }
        return true;
    }

    /** The interval no longer holds its contention (dropped, or over {@link #MAX_BLAME_PARTS}). */
    private void letGo(Interval i) {
        if (i.contention != null) {
            i.contention = null;
            blamingParts -= i.parts;
            blamingHeld--;
        }
    }

    /**
     * A complete contention, on its way to aggregation. In a trace without drain period ends (written
     * by an older VM or by a tool) nothing says when every thread's events have arrived: contentions are
     * not held there, and take the owners' states known when they complete.
     */
    @Override
    public void accept(Contention c) {
        if (settledUpTo == Long.MIN_VALUE) {
            emit(c);
            return;
        }
        held.addLast(c);
        heldParts += c.parts().size();
        while (held.size() > MAX_HELD || heldParts > maxHeldParts) {
            emit(unhold());
        }
        release();
    }

    private Contention unhold() {
        Contention c = held.removeFirst();
        heldParts -= c.parts().size();
        return c;
    }

    /** Every thread's events before this time have arrived (a drain period's end). */
    void settled(long time) {
        settledUpTo = Math.max(settledUpTo, time);
        release();
        while (!ended.isEmpty() && ended.peekFirst().time() < settledUpTo - ENDED_KEPT_NANOS) {
            ThreadRef t = ended.removeFirst().thread();
            Timeline gone = states.remove(t);
            if (gone != null) {
                gone.forEach(this::letGo);
            }
            waitSince.remove(t);
            cpu.remove(t);
        }
    }

    void finish() {
        while (!held.isEmpty()) {
            emit(unhold());
        }
    }

    private void release() {
        while (!held.isEmpty() && held.peekFirst().end() <= settledUpTo) {
            emit(unhold());
        }
    }

    private void emit(Contention c) {
        lookups = LOOKUPS_PER_CONTENTION;
        List<OwnerPart> parts = c.parts();
        boolean split = false;
        List<OwnerPart> finer = new ArrayList<>(parts.size() + 2);
        for (OwnerPart p : parts) {
            if (p.owner() == null) {
                finer.add(p);
                continue;
            }
            int before = finer.size();
            slice(p, c.lock(), finer);
            split |= finer.size() != before + 1 || finer.get(before) != p;
        }
        if (split) {
            c.replaceParts(finer);
        }
        c.ownersJoined(true);
        next.accept(c);
    }

    /**
     * Adds p's slices by the owner's states to out (p itself when the owner only ran). Where the owner
     * was blocked on another lock, the slice's root is that lock's owner then (transitively).
     */
    private void slice(OwnerPart p, LockRef held, List<OwnerPart> out) {
        List<Segment> segments = segments(p.owner(), p.start(), p.end(), held);
        if (segments.size() == 1 && segments.get(0).by() == null) {
            split(p, p.start(), p.end(), onCpuShare(p.owner(), p.start(), p.end()), out);
            return;
        }
        for (Segment s : segments) {
            Interval by = s.by();
            LockRef lock = by == null ? null : by.lock();
            if (by == null) {
                running(p, s.from(), s.to(), out);
            } else if (by.contention() != null) {
                List<ThreadRef> path = new ArrayList<>(4);
                path.add(p.owner());
                blame(p, s.from(), s.to(), lock, by.contention(), path, out);
            } else if (by.forgotten()) {
                out.add(p.slice(s.from(), s.to(), OwnerState.BLOCKED, lock).rootedAt(null, null, Unknown.OWNER));
            } else {
                out.add(p.slice(s.from(), s.to(), by.state(), lock));
            }
        }
    }

    /**
     * [from, to) of p, where nothing traced says what its owner did: running for the owner's share of
     * on-CPU time then, runnable for the rest. The two are laid end to end (running first): the trace
     * tells how much of the stretch the owner waited for a CPU, not when.
     */
    private void running(OwnerPart p, long from, long to, List<OwnerPart> out) {
        split(p, from, to, onCpuShare(p.owner(), from, to), out);
    }

    /** [from, to) of p: running for share of it, runnable for the rest (p itself when it is all of p, running). */
    private static void split(OwnerPart p, long from, long to, double share, List<OwnerPart> out) {
        if (share >= 1 && from == p.start() && to == p.end()) {
            out.add(p);
            return;
        }
        long cut = share >= 1 ? to : from + Math.round((to - from) * share);
        if (cut > from) {
            out.add(p.slice(from, cut, OwnerState.RUNNING, null));
        }
        if (to > cut) {
            out.add(p.slice(cut, to, OwnerState.RUNNABLE, null));
        }
    }

    /**
     * The share of [from, to) thread t spent on a CPU, from its CPU time samples: in each window between
     * two samples, the CPU time over the time the thread was not blocked, waiting, parked or paused in
     * it (its ready time), at most 1; the windows weighted by their overlap with [from, to). A part past
     * the last sample takes the last window's share (within {@link #CPU_EXTRAPOLATE_NANOS}). 1 where
     * nothing is known: without CPU time an owner that was not held up counts as running, as before.
     */
    double onCpuShare(ThreadRef t, long from, long to) {
        CpuSamples s = cpu.get(t);
        if (s == null || s.size() < 2 || to <= from) {
            return 1;
        }
        double weighted = 0;
        long covered = 0;
        for (int i = Math.max(1, s.firstAfter(from)); i < s.size() && s.time(i - 1) < to; i++) {
            long overlap = Math.min(to, s.time(i)) - Math.max(from, s.time(i - 1));
            if (overlap > 0) {
                weighted += windowShare(t, s, i) * overlap;
                covered += overlap;
            }
        }
        int last = s.size() - 1;
        long after = to - Math.max(from, s.time(last));
        if (after > 0 && from - s.time(last) <= CPU_EXTRAPOLATE_NANOS) {
            weighted += windowShare(t, s, last) * after;
            covered += after;
        }
        long unknown = (to - from) - covered;
        if (unknown > 0) {
            weighted += unknown;   // before the first sample, or too long after the last: running
            covered += unknown;
        }
        return covered > 0 ? Math.min(1, weighted / covered) : 1;
    }

    /**
     * Window i's on-CPU share of thread t's ready time (see {@link #onCpuShare}), computed once, when a
     * part in it is first split (the thread's states in it that have arrived by then).
     */
    private double windowShare(ThreadRef t, CpuSamples s, int i) {
        double known = s.share(i);
        if (!Double.isNaN(known)) {
            return known;
        }
        long a = s.time(i - 1), b = s.time(i);
        long wall = b - a;
        long used = Math.max(0, s.cpu(i) - s.cpu(i - 1));
        long off = 0;
        Timeline own = states.get(t);
        if (own != null) {
            for (Interval in : own) {
                off += Math.max(0, Math.min(in.to(), b) - Math.max(in.from(), a));
            }
        }
        for (Interval in : pauses) {
            off += Math.max(0, Math.min(in.to(), b) - Math.max(in.from(), a));
        }
        long ready = Math.max(wall - off, wall / 100 + 1);   // overlapping intervals counted twice: never below 1%
        double share = Math.min(1, used / (double) ready);
        s.share(i, share);
        return share;
    }

    /**
     * [from, to) of p, while p's owner was blocked in contention 'in' on lock: each part of it goes to
     * the owner of that lock then, followed further where that owner was blocked itself.
     */
    private void blame(OwnerPart p, long from, long to, LockRef lock, Contention in, List<ThreadRef> path,
                       List<OwnerPart> out) {
        long covered = from;
        List<OwnerPart> parts = in.parts();
        for (int i = firstEndingAfter(parts, from); i < parts.size() && parts.get(i).start() < to; i++) {
            OwnerPart q = parts.get(i);
            long a = Math.max(from, q.start()), b = Math.min(to, q.end());
            if (b <= a) {
                continue;
            }
            if (a > covered) {
                out.add(p.slice(covered, a, OwnerState.BLOCKED, lock).rootedAt(null, null, Unknown.OWNER));
            }
            if (q.owner() == null) {
                out.add(p.slice(a, b, OwnerState.BLOCKED, lock).rootedAt(null, null, q.unownedKey()));
            } else if (in.ownersJoined() && !path.contains(q.rootOwner())) {
                // That contention was split already: its parts' roots are the ones to follow to.
                out.add(p.slice(a, b, OwnerState.BLOCKED, lock).rootedAt(q.rootOwner(), q.rootChain(), q.rootUnowned()));
            } else if (path.contains(q.owner()) || path.size() >= MAX_DEPTH) {
                out.add(p.slice(a, b, OwnerState.BLOCKED, lock).rootedAt(null, null, Unknown.DEADLOCK));
            } else if (lookups <= 0) {
                out.add(p.slice(a, b, OwnerState.BLOCKED, lock).rootedAt(q.owner(), q.chain(), null));
            } else {
                for (Segment s : segments(q.owner(), a, b, in.lock())) {
                    Interval by = s.by();
                    if (by != null && by.contention() != null) {
                        path.add(q.owner());
                        blame(p, s.from(), s.to(), lock, by.contention(), path, out);
                        path.remove(path.size() - 1);
                    } else if (by != null && by.forgotten()) {
                        out.add(p.slice(s.from(), s.to(), OwnerState.BLOCKED, lock).rootedAt(null, null, Unknown.OWNER));
                    } else {
                        out.add(p.slice(s.from(), s.to(), OwnerState.BLOCKED, lock).rootedAt(q.owner(), q.chain(), null));
                    }
                }
            }
            covered = b;
        }
        if (covered < to) {
            out.add(p.slice(covered, to, OwnerState.BLOCKED, lock).rootedAt(null, null, Unknown.OWNER));
        }
    }

    /**
     * The index of the first of parts (in time order, not overlapping) that ends after time t. A contention
     * that many threads barged past has thousands of parts, and blame looks up a few at a time.
     */
    static int firstEndingAfter(List<OwnerPart> parts, long t) {
        int lo = 0, hi = parts.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (parts.get(mid).end() <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Thread t's states over [from, to), in order, each as the interval that decides it (null: running);
     * neighbours decided by the same interval are one segment.
     */
    private List<Segment> segments(ThreadRef t, long from, long to, LockRef held) {
        lookups--;
        List<Interval> overlapping = new ArrayList<>(2);
        Timeline own = states.get(t);
        if (own != null) {
            own.collect(from, to, held, overlapping);
        }
        pauses.collect(from, to, null, overlapping);
        if (overlapping.isEmpty()) {
            return List.of(new Segment(from, to, null));
        }
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(from);
        cuts.add(to);
        for (Interval i : overlapping) {
            cuts.add(Math.max(i.from(), from));
            cuts.add(Math.min(i.to(), to));
        }
        List<Segment> out = new ArrayList<>(cuts.size());
        long segFrom = from;
        Interval current = null;
        boolean first = true;
        for (long cut : cuts) {
            if (cut == from) {
                continue;
            }
            Interval top = strongest(overlapping, cuts.lower(cut), cut);
            if (!first && top != current) {
                out.add(new Segment(segFrom, cuts.lower(cut), current));
                segFrom = cuts.lower(cut);
            }
            current = top;
            first = false;
        }
        out.add(new Segment(segFrom, to, current));
        return out;
    }

    /** The interval covering [from, to) whose state comes first (vm-pause, blocked, waiting, parked). */
    private static Interval strongest(List<Interval> intervals, long from, long to) {
        Interval best = null;
        for (Interval i : intervals) {
            if (i.from() <= from && i.to() >= to && (best == null || rank(i) < rank(best)
                    || rank(i) == rank(best) && best.lock() == null && i.lock() != null)) {
                best = i;
            }
        }
        return best;
    }

    private static int rank(Interval i) {
        return switch (i.state()) {
            case VM_PAUSE -> 0;
            case BLOCKED -> 1;
            case WAITING -> 2;
            case PARKED -> 3;
            case RUNNING, RUNNABLE -> 4;
        };
    }
}
