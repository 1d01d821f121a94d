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

import java.util.ArrayDeque;
import java.util.PriorityQueue;

/**
 * A discrete-event replay of a {@link ReplayModel}: every thread does its recorded actions in order,
 * spending its own recorded time before each; a lock is taken at once when free, otherwise the thread
 * queues. A release wakes the first queued thread, which takes the lock after the lock's mean recorded
 * hand-off time, unless a newcomer took it meanwhile (barging, as monitors and non-fair j.u.c locks
 * allow; a fair lock queues the newcomer instead): then the woken thread queues first again. Readers of
 * a read-write lock (ReadHolds) hold it together while no writer does; a reader queues behind a writer
 * first in line (non-fair) or behind anyone (fair), the last reader's release wakes the first queued
 * thread, and a woken reader that takes the lock wakes the reader queued behind it. Time a thread spends
 * while it holds a hold of the chosen section is scaled; blocked time is what the replay makes it.
 */
final class LockReplay {
    private static final byte RUN = 0, WAKE = 1, CPU = 2;

    /** A thread's CPU-bound own time: done when the CPU service given to each running thread reaches finish. */
    private record CpuJob(double finish, long seq, int thread) implements Comparable<CpuJob> {
        @Override
        public int compareTo(CpuJob o) {
            return finish != o.finish ? Double.compare(finish, o.finish) : Long.compare(seq, o.seq);
        }
    }

    /**
     * Events at the same time go in the order their threads' next actions had in the recording (when
     * each took its lock there), so that two threads asking for a lock at once take it in recorded order.
     */
    private record Event(long time, long recorded, long seq, int thread, int lock, byte kind) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            return time != o.time ? Long.compare(time, o.time)
                    : recorded != o.recorded ? Long.compare(recorded, o.recorded) : Long.compare(seq, o.seq);
        }
    }

    private final ReplayModel m;
    private final int target;
    private final double scale;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private long seq, now;
    private int deadlocksBroken;
    private final int[] pc, depth;
    private final long[] recordedDone;   // per thread: Line.gapBefore's done for its next action
    // Processor sharing: the CPUs (0: not modelled), the service each running thread has had (virtual
    // time) as of lastTime, the threads running, and what each thread's next CPU-bound stretch needs.
    private final double cpus;
    private double service;
    private long lastTime;
    private int running;
    private final PriorityQueue<CpuJob> jobs = new PriorityQueue<>();
    private final long[] demand;
    private final long[] ends;
    private final int[] owner, recursion, waking, readers;   // readers: a read-write lock's readers holding it
    private final ArrayDeque<Integer>[] queue;
    // What the critical path needs: when each action was tried and done, and for an acquisition that
    // waited, the release (thread, action) that let the lock go last before it took it.
    private long[][] triedAt, doneAt;
    private int[][] releasedByThread, releasedByAction;
    private final int[] lastReleaseThread, lastReleaseAction;

    /** target: the section whose holds are scaled by scale (-1: none, the recorded run replayed). */
    @SuppressWarnings("unchecked")
    private LockReplay(ReplayModel m, int target, double scale) {
        this.m = m;
        this.target = target;
        this.scale = scale;
        int threads = m.lines.size(), locks = m.locks.size();
        pc = new int[threads];
        depth = new int[threads];
        recordedDone = new long[threads];
        for (int t = 0; t < threads; t++) {
            recordedDone[t] = m.lines.get(t).start;
        }
        demand = new long[threads];
        cpus = m.replayCpus();
        ends = new long[threads];
        owner = new int[locks];
        recursion = new int[locks];
        waking = new int[locks];
        readers = new int[locks];
        queue = (ArrayDeque<Integer>[]) new ArrayDeque<?>[locks];
        lastReleaseThread = new int[locks];
        lastReleaseAction = new int[locks];
        for (int l = 0; l < locks; l++) {
            owner[l] = -1;
            waking[l] = -1;
            queue[l] = new ArrayDeque<>();
        }
    }

    /**
     * One replay: each thread's span (start to its last action's end), in the order of the model's
     * threads, and how often it went on past a deadlock of estimated holds.
     */
    record Replay(long[] spans, int deadlocksBroken) {}

    static Replay replay(ReplayModel m, int target, double scale) {
        LockReplay r = new LockReplay(m, target, scale);
        return new Replay(r.run(), r.deadlocksBroken);
    }

    /** The unscaled replay, and its critical path: the chain of hand-offs that ends where the run ends. */
    record Unscaled(Replay replay, CriticalPath criticalPath) {}

    static Unscaled unscaled(ReplayModel m) {
        LockReplay r = new LockReplay(m, -1, 1.0);
        int threads = m.lines.size();
        r.triedAt = new long[threads][];
        r.doneAt = new long[threads][];
        r.releasedByThread = new int[threads][];
        r.releasedByAction = new int[threads][];
        for (int t = 0; t < threads; t++) {
            int n = m.lines.get(t).n;
            r.triedAt[t] = new long[n];
            r.doneAt[t] = new long[n];
            r.releasedByThread[t] = new int[n];
            r.releasedByAction[t] = new int[n];
            java.util.Arrays.fill(r.releasedByThread[t], -1);
        }
        long[] spans = r.run();
        return new Unscaled(new Replay(spans, r.deadlocksBroken),
                CriticalPath.walk(m, r.ends, r.triedAt, r.doneAt, r.releasedByThread, r.releasedByAction));
    }

    private long[] run() {
        for (int t = 0; t < m.lines.size(); t++) {
            ownTime(t, m.lines.get(t).start, 0);
        }
        while (true) {
            Event e = events.peek();
            long done = nextCpuDone();
            if (e == null && done == Long.MAX_VALUE) {
                if (!breakDeadlock()) {
                    break;
                }
                continue;
            }
            if (done != Long.MAX_VALUE && (e == null || done <= e.time)) {   // its RUN then queues among them
                cpuDone(done);
                continue;
            }
            events.poll();
            now = e.time;
            if (e.kind == CPU) {
                onCpu(e.thread, e.time);
                continue;
            }
            if (e.kind == WAKE) {
                waking[e.lock] = -1;
                boolean reader = asksToRead(e.thread);
                if (owner[e.lock] == -1 && (reader || readers[e.lock] == 0)) {
                    grant(e.lock, e.thread, e.time);
                    if (reader && !queue[e.lock].isEmpty() && asksToRead(queue[e.lock].peekFirst())) {
                        wakeNext(e.lock, e.time);   // a reader that takes the lock wakes the reader behind it
                    }
                } else {
                    queue[e.lock].addFirst(e.thread);
                }
                continue;
            }
            int t = e.thread;
            ReplayModel.Line line = m.lines.get(t);
            int i = pc[t];
            if (i == line.n) {
                ends[t] = e.time;
                continue;
            }
            int l = line.lock[i];
            if (triedAt != null) {
                triedAt[t][i] = e.time;
            }
            if (line.acquire[i]) {
                if (owner[l] == t) {
                    recursion[l]++;
                    entered(t, e.time);
                    advance(t, e.time);
                } else if (line.reader[i] ? readerMayEnter(l)
                        : owner[l] == -1 && readers[l] == 0 && (waking[l] == -1 || !m.fair[l])) {
                    grant(l, t, e.time);
                } else {
                    queue[l].addLast(t);
                }
            } else {
                if (line.section[i] == target && target >= 0) {
                    depth[t]--;
                }
                if (owner[l] == t && recursion[l] > 0) {
                    recursion[l]--;
                } else if (owner[l] == t || (line.reader[i] && readers[l] > 0)) {
                    if (owner[l] == t) {
                        owner[l] = -1;
                    } else {
                        readers[l]--;
                    }
                    lastReleaseThread[l] = t;
                    lastReleaseAction[l] = i;
                    if (readers[l] == 0 && waking[l] == -1 && !queue[l].isEmpty()) {
                        wakeNext(l, e.time);
                    }
                }
                if (doneAt != null) {
                    doneAt[t][i] = e.time;
                }
                advance(t, e.time);
            }
        }
        long[] spans = new long[ends.length];
        for (int t = 0; t < ends.length; t++) {
            spans[t] = ends[t] - m.lines.get(t).start;
        }
        return spans;
    }

    /**
     * Nothing left to happen while threads still wait: the holds as estimated took two locks in opposite
     * orders somewhere (a hold's start or end the trace could not tell). The thread that has waited since
     * the earliest time goes on as if it had the lock, without taking it from its owner; counted.
     */
    private boolean breakDeadlock() {
        int best = -1, bestLock = -1;
        long bestTime = Long.MAX_VALUE;
        for (int l = 0; l < queue.length; l++) {
            for (int t : queue[l]) {
                ReplayModel.Line line = m.lines.get(t);
                if (line.time[pc[t]] < bestTime) {
                    bestTime = line.time[pc[t]];
                    best = t;
                    bestLock = l;
                }
            }
        }
        if (best < 0) {
            return false;
        }
        queue[bestLock].remove(best);
        deadlocksBroken++;
        entered(best, now);
        advance(best, now);
        return true;
    }

    /** The first queued thread is woken: it takes the lock after the lock's hand-off time, if still free. */
    private void wakeNext(int l, long time) {
        int w = queue[l].pollFirst();
        waking[l] = w;
        schedule(time + m.wake[l], w, l, WAKE);
    }

    /** Whether the thread's next action asks for a read lock (ReadHolds). */
    private boolean asksToRead(int t) {
        ReplayModel.Line line = m.lines.get(t);
        return pc[t] < line.n && line.reader[pc[t]];
    }

    /**
     * A reader takes a read-write lock no writer holds, unless a writer is first in line (non-fair, as
     * ReentrantReadWriteLock's readerShouldBlock) or anyone is (fair).
     */
    private boolean readerMayEnter(int l) {
        if (owner[l] != -1) {
            return false;
        }
        if (m.fair[l]) {
            return waking[l] == -1 && queue[l].isEmpty();
        }
        int first = waking[l] != -1 ? waking[l] : queue[l].isEmpty() ? -1 : queue[l].peekFirst();
        return first == -1 || asksToRead(first);
    }

    private void grant(int l, int t, long time) {
        if (asksToRead(t)) {
            readers[l]++;
        } else {
            owner[l] = t;
        }
        recursion[l] = 0;
        if (doneAt != null && time > triedAt[t][pc[t]]) {
            releasedByThread[t][pc[t]] = lastReleaseThread[l];
            releasedByAction[t][pc[t]] = lastReleaseAction[l];
        }
        entered(t, time);
        advance(t, time);
    }

    /** The thread is in the hold its current acquisition begins: in the section being scaled, perhaps. */
    private void entered(int t, long time) {
        if (doneAt != null) {
            doneAt[t][pc[t]] = time;
        }
        if (target >= 0 && m.lines.get(t).section[pc[t]] == target) {
            depth[t]++;
        }
    }

    /** The thread's next action (or its end) after its own time, scaled while it is in the section. */
    private void advance(int t, long time) {
        ownTime(t, time, ++pc[t]);
    }

    /**
     * The thread's own time before action next (its tail after the last): parked first, off the CPUs,
     * then CPU-bound, shared with the other running threads when there are more than the CPUs (the
     * recorded time it waited for a CPU is left out: the replay makes its own). Scaled while the thread
     * is in the section.
     */
    private void ownTime(int t, long time, int next) {
        ReplayModel.Line line = m.lines.get(t);
        long own = line.gapBefore(next, recordedDone[t]);
        long parked = next < line.n ? line.parkedBefore[next] : line.parkedTail;
        if (next < line.n) {
            recordedDone[t] = line.doneWith(next, recordedDone[t]);
        }
        if (depth[t] > 0) {
            own = Math.round(own * scale);
            parked = Math.round(parked * scale);
        }
        if (cpus <= 0 || line.cpuShare < 0) {
            schedule(time + own, t, -1, RUN);   // CPUs not modelled: the time as recorded
            return;
        }
        demand[t] = Math.round(Math.max(0, own - parked) * line.cpuShare);
        if (parked > 0) {
            schedule(time + parked, t, -1, CPU);
        } else {
            onCpu(t, time);
        }
    }

    private void onCpu(int t, long time) {
        if (demand[t] <= 0) {
            schedule(time, t, -1, RUN);
            return;
        }
        serve(time);
        jobs.add(new CpuJob(service + demand[t], seq++, t));
        running++;
    }

    /** Brings the running threads' service up to time: each gets a CPU, or a share when they outnumber them. */
    private void serve(long time) {
        if (running > 0 && time > lastTime) {
            service += (time - lastTime) * rate();
        }
        lastTime = Math.max(lastTime, time);
    }

    private double rate() {
        return cpus <= 0 || running <= cpus ? 1.0 : cpus / running;
    }

    /** When the next running thread's CPU-bound stretch ends; Long.MAX_VALUE when none runs. */
    private long nextCpuDone() {
        CpuJob j = jobs.peek();
        if (j == null) {
            return Long.MAX_VALUE;
        }
        return lastTime + (long) Math.ceil(Math.max(0, j.finish() - service) / rate());
    }

    private void cpuDone(long time) {
        serve(time);
        CpuJob j = jobs.poll();
        running--;
        now = time;
        schedule(time, j.thread(), -1, RUN);
    }

    private void schedule(long time, int thread, int lock, byte kind) {
        ReplayModel.Line line = m.lines.get(thread);
        long recorded = pc[thread] < line.n ? line.acquired[pc[thread]] : line.end;
        events.add(new Event(time, recorded, seq++, thread, lock, kind));
    }
}
