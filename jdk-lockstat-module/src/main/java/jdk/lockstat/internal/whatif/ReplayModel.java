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
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Each thread's timeline as the replay takes it: a list of actions (acquire a lock, release it), and
 * before each the time the thread spent on its own (work outside the locks, or inside a section between
 * two of its lock actions), which the replay keeps unless the thread is in the section being shortened.
 *
 * <p>Holds come from the owner parts, joined per lock, owner and chain; a hold begins where its owner's
 * own blocked interval on that lock ended, when the owner blocked for it, and otherwise at its first
 * piece: the previous release seen on the lock, or the time the first thread blocked behind it. A blocked
 * interval with no hold seen after it (nobody waited behind that owner) is a hold of unknown length,
 * replayed as one of no length. Holds that nobody waited behind are not in the trace: they are work.
 */
public final class ReplayModel {
    /** A thread's actions, in time order. */
    static final class Line {
        final ThreadRef thread;
        long start, end;
        int n;
        boolean[] acquire = new boolean[16];
        boolean[] reader = new boolean[16];   // a reader's acquisition or release of a read-write lock
        int[] lock = new int[16];
        int[] section = new int[16];
        long[] time = new long[16];      // acquire: request (start of blocking); release: the release
        long[] acquired = new long[16];  // acquire: when the lock was taken; release: the release
        /**
         * Of the thread's own time before each action (and after the last), the time it was parked: off a
         * CPU, whatever the CPUs do. The own time itself is not kept (millions of actions on a hot lock):
         * gapBefore gives it from the actions' times.
         */
        long[] parkedBefore;
        long parkedTail;
        /**
         * The share of its own time not parked the thread had a CPU, from its CPU time: the rest it waited
         * for one. -1 where the trace has no CPU time for it, or it used less than 1% of a CPU (it was
         * waiting for something the trace does not see): its time stays as recorded.
         */
        double cpuShare = -1;
        int acquisitions;

        Line(ThreadRef thread) {
            this.thread = thread;
        }

        void add(boolean acq, boolean rd, int lk, int sec, long t, long got) {
            if (n == time.length) {
                resize(n * 2);
            }
            acquire[n] = acq;
            reader[n] = rd;
            lock[n] = lk;
            section[n] = sec;
            time[n] = t;
            acquired[n] = got;
            n++;
            if (acq) {
                acquisitions++;
            }
        }

        /** Room for exactly c actions (the line's, all added next): nothing to trim once they are in. */
        void reserve(int c) {
            if (c > time.length) {
                resize(c);
            }
        }

        /**
         * The actions in time order, a release before an acquisition at the same time, otherwise in the
         * order added.
         */
        void sortByTime() {
            int[] order = IndexSort.sorted(n, (i, j) -> time[i] != time[j] ? Long.compare(time[i], time[j])
                    : Boolean.compare(acquire[i], acquire[j]));
            acquire = permuted(acquire, order);
            reader = permuted(reader, order);
            lock = permuted(lock, order);
            section = permuted(section, order);
            time = permuted(time, order);
            acquired = permuted(acquired, order);
        }

        private static boolean[] permuted(boolean[] a, int[] order) {
            boolean[] p = new boolean[order.length];
            for (int i = 0; i < order.length; i++) {
                p[i] = a[order[i]];
            }
            return p;
        }

        private static int[] permuted(int[] a, int[] order) {
            int[] p = new int[order.length];
            for (int i = 0; i < order.length; i++) {
                p[i] = a[order[i]];
            }
            return p;
        }

        private static long[] permuted(long[] a, int[] order) {
            long[] p = new long[order.length];
            for (int i = 0; i < order.length; i++) {
                p[i] = a[order[i]];
            }
            return p;
        }

        private void resize(int c) {
            acquire = Arrays.copyOf(acquire, c);
            reader = Arrays.copyOf(reader, c);
            lock = Arrays.copyOf(lock, c);
            section = Arrays.copyOf(section, c);
            time = Arrays.copyOf(time, c);
            acquired = Arrays.copyOf(acquired, c);
        }

        /**
         * The thread's own time before action i, or after the last (i == n): never negative. done: when the
         * thread was last done with an action before i (the latest of start and the earlier actions'
         * acquired), which doneWith keeps as the actions are taken in order.
         */
        long gapBefore(int i, long done) {
            return Math.max(0, (i < n ? time[i] : end) - done);
        }

        /** done (as gapBefore takes it) once action i is done too. */
        long doneWith(int i, long done) {
            return Math.max(done, acquired[i]);
        }

        /** How much of the own time before each action, and after the last, the thread was parked. */
        void gaps(Parks parks) {
            parkedBefore = new long[n];
            long done = start;
            for (int i = 0; i < n; i++) {
                parkedBefore[i] = Math.min(gapBefore(i, done), parks.within(done, time[i]));
                done = doneWith(i, done);
            }
            parkedTail = Math.min(gapBefore(n, done), parks.within(done, end));
        }

        /** Own time the thread was not parked: on a CPU, or waiting for one. */
        long runnableNanos() {
            long r = 0, done = start;
            for (int i = 0; i < n; i++) {
                r += gapBefore(i, done) - parkedBefore[i];
                done = doneWith(i, done);
            }
            return r + gapBefore(n, done) - parkedTail;
        }
    }

    /** A thread's parks as sorted, disjoint intervals, and how much of a time range they cover. */
    static final class Parks {
        private final long[] starts, ends, before;   // before[i]: parked time of the parks before i

        Parks(HoldCollector.LongPairs p) {
            int n = p == null ? 0 : p.size();
            long[][] iv = new long[n][];
            for (int i = 0; i < n; i++) {
                iv[i] = new long[] {p.a[2 * i], p.a[2 * i + 1]};
            }
            Arrays.sort(iv, Comparator.comparingLong(x -> x[0]));
            starts = new long[n];
            ends = new long[n];
            before = new long[n + 1];
            for (int i = 0; i < n; i++) {
                starts[i] = iv[i][0];
                ends[i] = Math.max(iv[i][0], iv[i][1]);
                before[i + 1] = before[i] + (ends[i] - starts[i]);
            }
        }

        /** Parked time in [from, to). */
        long within(long from, long to) {
            return to <= from ? 0 : upTo(to) - upTo(from);
        }

        /** Parked time before t. */
        private long upTo(long t) {
            int i = Arrays.binarySearch(starts, t);
            i = i < 0 ? -i - 1 : i;   // parks 0..i-1 start before t (or at it)
            while (i < starts.length && starts[i] <= t) {
                i++;
            }
            if (i == 0) {
                return 0;
            }
            long last = Math.min(t, ends[i - 1]) - starts[i - 1];
            return before[i - 1] + Math.max(0, last);
        }
    }

    final List<Object> sections = new ArrayList<>();
    final List<long[]> sectionTotals = new ArrayList<>();   // {held nanos, blocked nanos charged}
    final List<LockRef> locks = new ArrayList<>();
    long[] wake;
    boolean[] fair;
    final List<Line> lines = new ArrayList<>();
    long runNanos, blockedNanos, resourceWaits, resourceNanos;
    /** The traced VM's CPUs (0: unknown), and how many of them its threads outside the model kept busy. */
    int cpus;
    double backgroundCpus, cpuBusy, cpuModelRejected = Double.NaN;
    private long modelCpu;
    int holds, unknownHolds;

    private final ReadHolds readHolds = new ReadHolds();   // which holds and waits are readers'

    private ReplayModel() {}

    /** The number of distinct sections (keys) that held a lock while another thread waited. */
    public int sectionCount() {
        return sections.size();
    }

    public Object section(int i) {
        return sections.get(i);
    }

    /** The section's recorded hold time: the joined holds, each from its estimated start to its release. */
    public long heldNanos(int i) {
        return sectionTotals.get(i)[0];
    }

    /** Blocked time charged to the section's holders, as report --by the same aspect charges it. */
    public long blockedNanos(int i) {
        return sectionTotals.get(i)[1];
    }

    public long blockedNanos() {
        return blockedNanos;
    }

    public long runNanos() {
        return runNanos;
    }

    public int threadCount() {
        return lines.size();
    }

    public int holdCount() {
        return holds;
    }

    /**
     * Holds nobody waited behind, known only from their owner's blocked interval: their ends are
     * estimated (Bounds), or they have no length where nothing bounds them.
     */
    public int unknownHoldCount() {
        return unknownHolds;
    }

    public int lockCount() {
        return locks.size();
    }

    public long resourceWaits() {
        return resourceWaits;
    }

    public long resourceNanos() {
        return resourceNanos;
    }

    /** Above this share of the traced VM's CPUs kept busy, the replay shares the CPUs among its threads. */
    public static final double CPU_BOUND = 0.65;

    /** The share of the traced VM's CPUs its threads kept busy over the run; NaN when the trace does not say. */
    public double cpuBusy() {
        return cpuBusy;
    }

    /**
     * The CPUs the replay shares among its threads when the run kept its CPUs busy (above CPU_BOUND):
     * the traced VM's, less what its other threads (the compiler, the collector, threads that took no
     * lock) kept busy; 0 otherwise, and the threads' own time stays as recorded.
     */
    public double replayCpus() {
        return cpus <= 0 || !(cpuBusy > CPU_BOUND) || !Double.isNaN(cpuModelRejected) ? 0 : Math.max(0.5, cpus - backgroundCpus);
    }

    /**
     * NaN, or, where sharing the CPUs was tried and did not reproduce the recorded run, the speed of that
     * unscaled replay against the recording's (then the CPUs are not shared).
     */
    public double cpuModelRejected() {
        return cpuModelRejected;
    }

    /**
     * The model of what c collected over the run [runStart, runEnd) (the trace clock's times). Uses up c's
     * holds (a collector builds one model).
     */
    public static ReplayModel build(HoldCollector c, long runStart, long runEnd) {
        ReplayModel m = new ReplayModel();
        m.runNanos = Math.max(0, runEnd - runStart);
        m.blockedNanos = c.blockedNanos;
        m.resourceWaits = c.resourceWaits;
        m.resourceNanos = c.resourceNanos;
        Map<LockRef, Integer> lockIndex = new HashMap<>();
        Map<Object, Integer> sectionIndex = new HashMap<>();
        // Holds: each hold's pieces joined (they overlap where several threads waited behind it), over
        // chains with the same frames (one hold may come with either of two such chains: a part's and a
        // reader's release's). The collector's pieces are used up: merged into the first such chain's,
        // and each let go once its holds are taken (a long trace's holds are most of the heap).
        Map<HoldCollector.HoldId, HoldCollector.HoldId> firstOf = new HashMap<>();
        Map<HoldCollector.HoldId, HoldPieces> pieces = new LinkedHashMap<>();
        for (Map.Entry<HoldCollector.HoldId, HoldPieces> e : c.pieces.entrySet()) {
            HoldCollector.HoldId id = e.getKey();
            HoldCollector.HoldId same = new HoldCollector.HoldId(id.lock(), id.owner(),
                    id.chain() == null ? null : id.chain().canonical());
            HoldPieces first = pieces.putIfAbsent(firstOf.computeIfAbsent(same, k -> id), e.getValue());
            if (first != null) {
                first.addAll(e.getValue());
            }
        }
        c.pieces.clear();
        Map<ThreadRef, ThreadHolds> holdsOf = new LinkedHashMap<>();
        for (java.util.Iterator<Map.Entry<HoldCollector.HoldId, HoldPieces>> it = pieces.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<HoldCollector.HoldId, HoldPieces> e = it.next();
            HoldCollector.HoldId id = e.getKey();
            int lock = m.lockIndex(lockIndex, id.lock());
            Object key = c.sectionOf.get(id);
            int section = m.sectionIndex(sectionIndex, key, c);
            boolean reader = m.readHolds.shared(id.chain());
            HoldPieces p = e.getValue();
            for (int i = 0, k = p.united(); i < k; i++) {
                holdsOf.computeIfAbsent(id.owner(), t -> new ThreadHolds()).add(lock, section, p.from(i), p.to(i), reader);
            }
            it.remove();
        }
        // per lock: every hold's end, and a writer's (not a reader's), sorted
        Map<Integer, long[]> releasesOn = releases(holdsOf.values(), false), writerReleasesOn = releases(holdsOf.values(), true);
        Map<ThreadRef, Line> lineOf = new LinkedHashMap<>();
        // per lock: blocked intervals, all and writers'
        Map<Integer, HoldCollector.LongPairs> acquired = new HashMap<>(), writerAcquired = new HashMap<>();
        for (Map.Entry<ThreadRef, List<HoldCollector.Wait>> e : c.waits.entrySet()) {
            for (HoldCollector.Wait w : e.getValue()) {
                int lock = m.lockIndex(lockIndex, w.lock());
                acquired.computeIfAbsent(lock, l -> new HoldCollector.LongPairs()).add(w.start(), w.end());
                if (!m.readHolds.shared(w.chain())) {
                    writerAcquired.computeIfAbsent(lock, l -> new HoldCollector.LongPairs()).add(w.start(), w.end());
                }
            }
        }
        Bounds bounds = new Bounds(releasesOn, writerReleasesOn, acquired, writerAcquired);
        List<ThreadRef> threads = new ArrayList<>(holdsOf.keySet());
        for (ThreadRef t : c.waits.keySet()) {
            if (!holdsOf.containsKey(t)) {
                threads.add(t);
            }
        }
        Map<ThreadRef, List<long[]>> spansOf = new LinkedHashMap<>();
        for (ThreadRef t : threads) {
            spansOf.put(t, m.holdSpans(holdsOf.getOrDefault(t, new ThreadHolds()), c.waits.getOrDefault(t, List.of()),
                    lockIndex, bounds.of(c.parks.get(t)), sectionIndex, c));
            holdsOf.remove(t);   // its spans hold what the replay needs of them
        }
        oneOwnerAtATime(spansOf.values());
        Map<Long, Integer> outerFirst = nestingVotes(spansOf.values());
        for (ThreadRef t : threads) {
            Line line = new Line(t);
            m.addActions(line, spansOf.remove(t), outerFirst);
            if (line.acquisitions > 0) {
                long[] life = c.lifetimes.getOrDefault(t, new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
                line.start = Math.min(Math.max(runStart, life[0]), line.time[0]);
                line.end = Math.max(Math.min(runEnd, life[1]), line.acquired[line.n - 1]);
                line.gaps(new Parks(c.parks.get(t)));
                long cpu = c.cpuNanos(t, runStart, runEnd), runnable = line.runnableNanos();
                if (cpu >= 0) {
                    m.modelCpu += cpu;
                }
                // A thread that hardly ran (sleeps, I/O, waits the trace does not see) keeps its time.
                line.cpuShare = cpu < 0 || runnable <= 0 || cpu < m.runNanos / 100 ? -1
                        : Math.max(0.01, Math.min(1.0, cpu / (double) runnable));
                lineOf.put(t, line);
            }
        }
        m.lines.addAll(lineOf.values());
        m.cpus = c.cpus();
        long allCpu = c.cpuNanos(runStart, runEnd), others = Math.max(0, allCpu - m.modelCpu);
        m.backgroundCpus = m.runNanos > 0 ? others / (double) m.runNanos : 0;
        m.cpuBusy = m.cpus > 0 && m.runNanos > 0 ? allCpu / ((double) m.cpus * m.runNanos) : Double.NaN;
        m.wake = new long[m.locks.size()];
        m.fair = new boolean[m.locks.size()];
        for (int i = 0; i < m.locks.size(); i++) {
            long[] h = c.handOffs.get(m.locks.get(i));
            m.wake[i] = h == null || h[1] == 0 ? 0 : h[0] / h[1];
            m.fair[i] = isFair(m.locks.get(i));
        }
        return m;
    }

    /** Per lock, the ends of the threads' holds on it (writers' alone: not a reader's), sorted. */
    private static Map<Integer, long[]> releases(java.util.Collection<ThreadHolds> holds, boolean writersOnly) {
        Map<Integer, int[]> count = new HashMap<>();
        for (ThreadHolds h : holds) {
            for (int i = 0; i < h.n; i++) {
                if (!writersOnly || !h.reader[i]) {
                    count.computeIfAbsent(h.lock[i], l -> new int[1])[0]++;
                }
            }
        }
        Map<Integer, long[]> ends = new HashMap<>();
        count.forEach((lock, n) -> ends.put(lock, new long[n[0]]));
        Map<Integer, int[]> filled = new HashMap<>();
        for (ThreadHolds h : holds) {
            for (int i = 0; i < h.n; i++) {
                if (!writersOnly || !h.reader[i]) {
                    ends.get(h.lock[i])[filled.computeIfAbsent(h.lock[i], l -> new int[1])[0]++] = h.end[i];
                }
            }
        }
        ends.values().forEach(Arrays::sort);
        if (writersOnly) {
            // a lock held by readers alone has no writer's release (an empty array, as before)
            for (ThreadHolds h : holds) {
                for (int i = 0; i < h.n; i++) {
                    ends.putIfAbsent(h.lock[i], new long[0]);
                }
            }
        }
        return ends;
    }

    /** The section's index, a new one (with the blocked time charged to it) the first time. */
    private int sectionIndex(Map<Object, Integer> index, Object key, HoldCollector c) {
        return index.computeIfAbsent(key, k -> {
            sections.add(k);
            long[] blocked = c.blockedBySection.get(k);
            sectionTotals.add(new long[] {0, blocked == null ? 0 : blocked[0]});
            return sections.size() - 1;
        });
    }

    private int lockIndex(Map<LockRef, Integer> index, LockRef lock) {
        return index.computeIfAbsent(lock, l -> {
            locks.add(l);
            return locks.size() - 1;
        });
    }

    /** A fair ReentrantLock or ReentrantReadWriteLock queues a newcomer behind the woken waiter. */
    static boolean isFair(LockRef lock) {
        String name = lock.lockClass() == null ? null : lock.lockClass().name();
        return name != null && name.contains("FairSync") && !name.contains("NonfairSync");
    }

    /**
     * One thread's holds, as {request, start, end, lock, section, how, reader}: how 0 when the trace shows
     * both ends, 1 when the start is estimated, 2 when the end is (a hold nobody waited behind); reader 1
     * for a reader's hold of a read-write lock (its bounds are writers' holds alone). Per lock, each hold
     * takes the last of the thread's blocked intervals that ended since its previous hold on that lock
     * (request: the blocked interval's start; start: its end), unless another thread's hold on the lock
     * ended in between (then the thread released the lock unseen). A hold it takes no blocked interval
     * for began, as estimated, at the latest of the previous release seen on the lock and the end of
     * the thread's last park before its first piece (the owner took the lock as soon as both allowed).
     * A blocked interval that no hold takes is a hold the trace did not show (nobody waited behind
     * it): it ends, as estimated, at the first of the thread's next park, its next blocked interval on
     * the lock and the next time another thread took the lock; with none of them, it has no length.
     */
    private List<long[]> holdSpans(ThreadHolds holds, List<HoldCollector.Wait> waits,
                                   Map<LockRef, Integer> lockIndex, Bounds.OfThread bounds, Map<Object, Integer> sectionIndex,
                                   HoldCollector c) {
        Map<Integer, int[]> holdsByLock = byLockInStartOrder(holds);
        Map<Integer, List<HoldCollector.Wait>> waitsByLock = new HashMap<>();
        for (HoldCollector.Wait w : waits) {
            waitsByLock.computeIfAbsent(lockIndex.get(w.lock()), k -> new ArrayList<>()).add(w);
        }
        List<long[]> spans = new ArrayList<>();
        java.util.Set<Integer> lockSet = new java.util.TreeSet<>(holdsByLock.keySet());
        lockSet.addAll(waitsByLock.keySet());
        for (int lock : lockSet) {
            int[] hs = holdsByLock.getOrDefault(lock, new int[0]);
            List<HoldCollector.Wait> ws = new ArrayList<>(waitsByLock.getOrDefault(lock, List.of()));
            ws.sort(Comparator.comparingLong(HoldCollector.Wait::end));
            long[] waitStarts = ws.stream().mapToLong(HoldCollector.Wait::start).sorted().toArray();
            List<HoldCollector.Wait> unseen = new ArrayList<>();
            int wi = 0;
            for (int h : hs) {
                long hStart = holds.start[h], hEnd = holds.end[h];
                boolean hReader = holds.reader[h];
                HoldCollector.Wait mine = null;
                while (wi < ws.size() && ws.get(wi).end() <= hEnd) {
                    if (mine != null) {
                        unseen.add(mine);
                    }
                    mine = ws.get(wi++);
                }
                if (mine != null && bounds.releasedBetween(lock, mine.end(), hStart, hReader)) {
                    unseen.add(mine);
                    mine = null;
                }
                long reader = hReader ? 1 : 0;
                if (mine != null) {
                    spans.add(new long[] {mine.start(), mine.end(), hEnd, lock, holds.section[h], 0, reader});
                } else {
                    long start = Math.min(hStart, bounds.earliestStart(lock, hStart, hReader));
                    spans.add(new long[] {start, start, hEnd, lock, holds.section[h], 1, reader});
                }
            }
            while (wi < ws.size()) {
                unseen.add(ws.get(wi++));
            }
            long[] holdStarts = new long[hs.length];
            for (int i = 0; i < hs.length; i++) {
                holdStarts[i] = holds.start[hs[i]];
            }
            for (HoldCollector.Wait w : unseen) {
                boolean reader = readHolds.shared(w.chain());
                long end = Math.min(Math.min(bounds.latestEnd(lock, w.end(), reader), Bounds.firstAfter(waitStarts, w.end())),
                        Bounds.firstAfter(holdStarts, w.end()));
                if (end == Long.MAX_VALUE) {
                    end = w.end();
                }
                int section = sectionIndex(sectionIndex, w.section(), c);
                spans.add(new long[] {w.start(), w.end(), end, lock, section, 2, reader ? 1 : 0});
                unknownHolds++;
            }
        }
        return spans;
    }

    /**
     * Each lock's holds of the thread, as indices into holds, by start (holds that start together in the
     * order the table has them).
     */
    private static Map<Integer, int[]> byLockInStartOrder(ThreadHolds holds) {
        int[] order = IndexSort.sorted(holds.n, (i, j) -> Long.compare(holds.start[i], holds.start[j]));
        Map<Integer, int[]> count = new HashMap<>();
        for (int i = 0; i < holds.n; i++) {
            count.computeIfAbsent(holds.lock[i], l -> new int[1])[0]++;
        }
        Map<Integer, int[]> byLock = new HashMap<>(), filled = new HashMap<>();
        count.forEach((lock, n) -> byLock.put(lock, new int[n[0]]));
        for (int h : order) {
            byLock.get(holds.lock[h])[filled.computeIfAbsent(holds.lock[h], l -> new int[1])[0]++] = h;
        }
        return byLock;
    }

    /**
     * The thread's actions: its holds (made to nest), each an acquisition and a release, in time order (a
     * release before an acquisition at the same time; otherwise as the holds come).
     */
    private void addActions(Line line, List<long[]> spans, Map<Long, Integer> outerFirst) {
        nest(spans, outerFirst);
        int actions = 0;
        for (long[] h : spans) {
            if (h[0] < h[2]) {
                actions += 2;
            }
        }
        line.reserve(actions);
        for (long[] h : spans) {
            if (h[0] >= h[2]) {
                continue;   // neither waited for nor held: nothing to replay (and its release would sort first)
            }
            int section = (int) h[4];
            line.add(true, h[6] == 1, (int) h[3], section, h[0], h[1]);
            line.add(false, h[6] == 1, (int) h[3], section, h[2], h[2]);
            sectionTotals.get(section)[0] += h[2] - h[1];
            this.holds++;
        }
        line.sortByTime();
    }

    /**
     * A lock has one owner at a time, or readers together: an estimated start earlier than the end of the
     * lock's previous hold (another thread's, seen or estimated; for a reader, a writer's) is moved to that
     * end, and an unseen hold's estimated end later than the next hold's start (for a reader, the next
     * writer's) is moved to that start.
     */
    private static void oneOwnerAtATime(java.util.Collection<List<long[]>> threads) {
        Map<Long, List<long[]>> byLock = new HashMap<>();
        for (List<long[]> spans : threads) {
            for (long[] h : spans) {
                byLock.computeIfAbsent(h[3], l -> new ArrayList<>()).add(h);
            }
        }
        for (List<long[]> holds : byLock.values()) {
            holds.sort(Comparator.comparingLong((long[] x) -> x[2]));
            long previousEnd = Long.MIN_VALUE, previousWriterEnd = Long.MIN_VALUE;
            for (long[] h : holds) {
                long bound = h[6] == 1 ? previousWriterEnd : previousEnd;
                if (h[5] == 1 && h[1] < bound) {
                    h[0] = h[1] = Math.min(bound, h[2]);
                }
                previousEnd = Math.max(previousEnd, h[2]);
                if (h[6] == 0) {
                    previousWriterEnd = Math.max(previousWriterEnd, h[2]);
                }
            }
            holds.sort(Comparator.comparingLong((long[] x) -> x[1]));
            int[] nextWriter = new int[holds.size() + 1];   // the first writer's hold at or after each index
            nextWriter[holds.size()] = -1;
            for (int i = holds.size() - 1; i >= 0; i--) {
                nextWriter[i] = holds.get(i)[6] == 0 ? i : nextWriter[i + 1];
            }
            for (int i = 0; i + 1 < holds.size(); i++) {
                long[] h = holds.get(i);
                int k = h[6] == 1 ? nextWriter[i + 1] : i + 1;
                if (h[5] == 2 && k >= 0 && h[2] > holds.get(k)[1]) {
                    h[2] = Math.max(h[1], holds.get(k)[1]);
                }
            }
        }
    }

    private static long pair(long outer, long inner) {
        return outer << 32 | inner;
    }

    private static final Comparator<long[]> BY_START = Comparator.comparingLong((long[] x) -> x[1]).thenComparingLong(x -> -x[2]);

    /**
     * How often each lock was seen held around another (key: outer lock << 32 | inner lock), over the
     * holds that nest as recorded with the outer one's start known: the order in which the program
     * takes its locks.
     */
    private static Map<Long, Integer> nestingVotes(java.util.Collection<List<long[]>> threads) {
        Map<Long, Integer> votes = new HashMap<>();
        for (List<long[]> spans : threads) {
            spans.sort(BY_START);
            java.util.ArrayDeque<long[]> open = new java.util.ArrayDeque<>();
            for (long[] h : spans) {
                while (!open.isEmpty() && open.peek()[2] <= h[1]) {
                    open.pop();
                }
                // only an outer hold whose start is known: an estimated start can be too early
                if (!open.isEmpty() && h[2] <= open.peek()[2] && open.peek()[5] != 1) {
                    votes.merge(pair(open.peek()[3], h[3]), 1, Integer::sum);
                }
                open.push(h);
            }
        }
        return votes;
    }

    /**
     * Holds made to nest, as synchronized code always takes them. Two of a thread's holds that cross (one
     * begins inside the other and ends after it) come from an estimate: a start estimated too early (the
     * owner did not block, so the trace has only the previous release on the lock), or one piece standing
     * for two holds (the thread released and took the lock again while others stayed blocked). The order
     * in which the program usually nests the two locks decides: the inner hold is split at the outer's
     * end (the rest a hold of its own, taken as the thread left the outer lock), or, where the earlier
     * one is usually the inner and its start was estimated, that start is moved to the other's. A hold
     * whose estimated start puts it around a lock the program takes outside it began after that lock's
     * hold; one whose end is the estimate (nobody waited behind it) and that crosses another, or is put
     * around a lock the program takes outside it, ended before that other lock was asked for.
     */
    private static void nest(List<long[]> spans, Map<Long, Integer> outerFirst) {
        for (int round = 0; round < 4; round++) {
            boolean moved = false;
            spans.sort(BY_START);
            java.util.ArrayDeque<long[]> open = new java.util.ArrayDeque<>();
            List<long[]> after = new ArrayList<>();
            for (long[] h : spans) {
                while (!open.isEmpty() && open.peek()[2] <= h[1]) {
                    open.pop();
                }
                long[] g = open.peek();
                if (g != null && g[5] == 2 && g[3] != h[3] && (h[2] > g[2]
                        || outerFirst.getOrDefault(pair(h[3], g[3]), 0) > outerFirst.getOrDefault(pair(g[3], h[3]), 0))) {
                    // g's end is the estimate (nobody waited behind it): it ended before h was asked for
                    g[2] = Math.max(g[1], Math.min(g[2], h[0]));
                    moved = true;
                    open.pop();
                    open.push(h);
                    continue;
                }
                if (g != null && h[2] <= g[2] && g[5] == 1 && g[3] != h[3]
                        && outerFirst.getOrDefault(pair(h[3], g[3]), 0) > outerFirst.getOrDefault(pair(g[3], h[3]), 0)) {
                    // g's estimated start put it around a lock the program takes outside it: g began later
                    g[0] = g[1] = h[2];
                    moved = true;
                    open.push(h);
                    continue;
                }
                if (g != null && h[2] > g[2]) {
                    boolean gOuter = outerFirst.getOrDefault(pair(g[3], h[3]), 0) >= outerFirst.getOrDefault(pair(h[3], g[3]), 0);
                    if (gOuter || g[5] != 1 || round == 3) {
                        // The rest is the thread's next hold of that lock, taken when it left the outer one.
                        after.add(new long[] {g[2], g[2], h[2], h[3], h[4], 1, h[6]});
                        h[2] = g[2];
                        moved = true;
                    } else {
                        g[0] = g[1] = h[1];
                        moved = true;
                    }
                }
                open.push(h);
            }
            spans.addAll(after);
            if (!moved) {
                break;
            }
        }
        // An inner hold's owner blocked for it (its request) only once it held the outer lock: an outer
        // start estimated later than that request is too late, and is moved to it.
        spans.sort(BY_START);
        java.util.ArrayDeque<long[]> open = new java.util.ArrayDeque<>();
        for (long[] h : spans) {
            while (!open.isEmpty() && open.peek()[2] <= h[1]) {
                open.pop();
            }
            for (long[] g : open) {
                if (h[0] < g[1]) {
                    if (g[5] == 1) {
                        g[0] = g[1] = h[0];
                    } else {
                        h[0] = g[1];
                    }
                }
            }
            open.push(h);
        }
    }

}
