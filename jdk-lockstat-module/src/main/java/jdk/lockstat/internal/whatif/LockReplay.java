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
 * allow; a fair lock queues the newcomer instead): then the woken thread queues first again. Time a
 * thread spends while it holds a hold of the chosen section is scaled; blocked time is what the replay
 * makes it.
 */
final class LockReplay {
    private static final byte RUN = 0, WAKE = 1;

    private record Event(long time, long seq, int thread, int lock, byte kind) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            return time != o.time ? Long.compare(time, o.time) : Long.compare(seq, o.seq);
        }
    }

    private final ReplayModel m;
    private final int target;
    private final double scale;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private long seq, now;
    private int deadlocksBroken;
    private final int[] pc, depth;
    private final long[] ends;
    private final int[] owner, recursion, waking;
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
        ends = new long[threads];
        owner = new int[locks];
        recursion = new int[locks];
        waking = new int[locks];
        queue = new ArrayDeque[locks];
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

    /** The unscaled replay's critical path: the chain of hand-offs that ends where the run ends. */
    static CriticalPath criticalPath(ReplayModel m) {
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
        r.run();
        return CriticalPath.walk(m, r.ends, r.triedAt, r.doneAt, r.releasedByThread, r.releasedByAction);
    }

    private long[] run() {
        for (int t = 0; t < m.lines.size(); t++) {
            ReplayModel.Line line = m.lines.get(t);
            schedule(line.start + line.gapBefore[0], t, -1, RUN);
        }
        Event e;
        while ((e = events.poll()) != null || breakDeadlock()) {
            if (e == null) {
                continue;
            }
            now = e.time;
            if (e.kind == WAKE) {
                waking[e.lock] = -1;
                if (owner[e.lock] == -1) {
                    grant(e.lock, e.thread, e.time);
                } else {
                    queue[e.lock].addFirst(e.thread);
                }
                continue;
            }
            now = e.time;
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
                    if (doneAt != null) {
                        doneAt[t][i] = e.time;
                    }
                    advance(t, e.time);
                } else if (owner[l] == -1 && (waking[l] == -1 || !m.fair[l])) {
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
                } else if (owner[l] == t) {
                    owner[l] = -1;
                    lastReleaseThread[l] = t;
                    lastReleaseAction[l] = i;
                    if (waking[l] == -1 && !queue[l].isEmpty()) {
                        int w = queue[l].pollFirst();
                        waking[l] = w;
                        schedule(e.time + m.wake[l], w, l, WAKE);
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
        if (doneAt != null) {
            doneAt[best][pc[best]] = now;
        }
        if (target >= 0 && m.lines.get(best).section[pc[best]] == target) {
            depth[best]++;
        }
        advance(best, now);
        return true;
    }

    private void grant(int l, int t, long time) {
        owner[l] = t;
        recursion[l] = 0;
        if (doneAt != null) {
            doneAt[t][pc[t]] = time;
            if (time > triedAt[t][pc[t]]) {
                releasedByThread[t][pc[t]] = lastReleaseThread[l];
                releasedByAction[t][pc[t]] = lastReleaseAction[l];
            }
        }
        if (target >= 0 && m.lines.get(t).section[pc[t]] == target) {
            depth[t]++;
        }
        advance(t, time);
    }

    /** The thread's next action (or its end) after its own time, scaled while it is in the section. */
    private void advance(int t, long time) {
        ReplayModel.Line line = m.lines.get(t);
        int next = ++pc[t];
        long own = next < line.n ? line.gapBefore[next] : line.tail;
        if (depth[t] > 0) {
            own = Math.round(own * scale);
        }
        schedule(time + own, t, -1, RUN);
    }

    private void schedule(long time, int thread, int lock, byte kind) {
        events.add(new Event(time, seq++, thread, lock, kind));
    }
}
