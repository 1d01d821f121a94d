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
import java.util.HashSet;
import java.util.Set;

/**
 * The critical path of the replayed run (critical-lock analysis, Chen and Stenstrom, SC'12): from the
 * thread that ends last, back through its own time and, wherever it waited for a lock, to the release
 * that let the lock go, and on along the releasing thread. Every moment of the path is charged to what
 * the thread on it was doing: holding a section (the innermost it held), its own work outside the locks,
 * or a hand-off (the lock released, the woken thread not yet running). A section's share of the path
 * bounds what shortening it can gain for the work that ends the run.
 */
public record CriticalPath(long nanos, int threads, int handOffs, long handOffNanos, long outsideNanos, long[] sectionNanos) {
    private static final int OUTSIDE = -2;

    /** The path's time spent in section i (its owner holding it). */
    public long sectionNanos(int i) {
        return i >= 0 && i < sectionNanos.length ? sectionNanos[i] : 0;
    }

    static CriticalPath walk(ReplayModel m, long[] ends, long[][] tried, long[][] done, int[][] releasedByThread,
                             int[][] releasedByAction) {
        long[] sections = new long[m.sectionCount()];
        long[] other = new long[2];   // {outside, hand-off}
        if (ends.length == 0) {
            return new CriticalPath(0, 0, 0, 0, 0, sections);
        }
        int[][] context = new int[ends.length][];
        int t = 0;
        for (int i = 1; i < ends.length; i++) {
            if (ends[i] > ends[t]) {
                t = i;
            }
        }
        long end = ends[t], time = end;
        int k = m.lines.get(t).n - 1, handOffs = 0;
        Set<Integer> onPath = new HashSet<>();
        long steps = 0, maxSteps = 4L * m.lines.stream().mapToLong(l -> l.n + 1).sum();
        while (steps++ < maxSteps) {
            ReplayModel.Line line = m.lines.get(t);
            onPath.add(t);
            if (k < 0) {
                other[0] += Math.max(0, time - line.start);
                time = Math.min(time, line.start);
                break;
            }
            if (context[t] == null) {
                context[t] = contexts(line);
            }
            long d = done[t][k];
            charge(sections, other, context[t][k], Math.max(0, time - d));
            time = Math.min(time, d);
            int x = releasedByThread[t][k];
            if (line.acquire[k] && x >= 0) {
                long released = done[x][releasedByAction[t][k]];
                other[1] += Math.max(0, time - released);
                time = Math.min(time, released);
                handOffs++;
                k = releasedByAction[t][k];
                t = x;
                continue;
            }
            if (line.acquire[k] && tried[t][k] < time) {
                // waited with no release known (a deadlock the replay broke): charged as a hand-off
                other[1] += time - tried[t][k];
                time = tried[t][k];
            }
            k--;
        }
        return new CriticalPath(end - time, onPath.size(), handOffs, other[1], other[0], sections);
    }

    private static void charge(long[] sections, long[] other, int section, long nanos) {
        if (section >= 0) {
            sections[section] += nanos;
        } else {
            other[0] += nanos;   // outside the locks, or in a hold whose section is unknown
        }
    }

    /** The innermost section the thread holds after each of its actions (OUTSIDE: none). */
    private static int[] contexts(ReplayModel.Line line) {
        int[] c = new int[line.n];
        ArrayDeque<int[]> held = new ArrayDeque<>();   // {lock, section}
        for (int i = 0; i < line.n; i++) {
            if (line.acquire[i]) {
                held.push(new int[] {line.lock[i], line.section[i]});
            } else {
                for (var it = held.iterator(); it.hasNext(); ) {
                    if (it.next()[0] == line.lock[i]) {
                        it.remove();
                        break;
                    }
                }
            }
            c[i] = held.isEmpty() ? OUTSIDE : held.peek()[1];
        }
        return c;
    }
}
