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

package jdk.lockstat.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.query.AspectKeys;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.Unknown;

/**
 * Contentions pre-aggregated so that a drill-down tree in any aspect order, over any time range, is
 * rebuilt at once without reading the trace again (the viewer, paper Figure 8). A row holds the
 * contentions that agree on every blocked-side key, on the set of owner keys their parts have (the
 * "owner signature"), on the {@link TimeAxis} bucket of their start and on being after-wait: per row, a
 * count, the total nanoseconds, the nanoseconds per owner key and the contentions' durations
 * ({@link RowDurations}). Because all contentions of a row reach exactly the same tree nodes, trees built
 * from rows equal the report's aggregation trees, counts and duration distributions included. Memory grows
 * with the number of distinct rows (locks x threads x chains x owners x buckets that actually occur),
 * not with the trace's length.
 *
 * <p>Fed by one thread; trees and details can be built meanwhile by others, under the axis's lock.
 */
public final class ContentionCube {
    /** Blocked-side aspects, in the order of a row's keys: every one Aspect defines, so a new one needs nothing here. */
    private static final Aspect[] BLOCKED = java.util.Arrays.stream(Aspect.values()).filter(a -> !a.ownerSide())
            .toArray(Aspect[]::new);
    /** Owner-side aspects, in the order of an owner key's keys. */
    private static final List<Aspect> OWNER_ASPECTS = java.util.Arrays.stream(Aspect.values()).filter(Aspect::ownerSide)
            .toList();
    private static final OwnerKey UNKNOWN_OWNER = OwnerKey.all(Unknown.OWNER);
    private static final OwnerKey HAND_OFF = OwnerKey.all(Unknown.HAND_OFF);
    /** Every non-empty combination of the owner-side aspects: how owner-side nodes can group a row's owners. */
    private static final List<List<Aspect>> OWNER_GROUPINGS = combinations(OWNER_ASPECTS);

    private static List<List<Aspect>> combinations(List<Aspect> aspects) {
        List<List<Aspect>> all = new ArrayList<>();
        for (int mask = 1; mask < 1 << aspects.size(); mask++) {
            List<Aspect> c = new ArrayList<>();
            for (int i = 0; i < aspects.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    c.add(aspects.get(i));
                }
            }
            // An owner's site follows from its chain: with the chain in a grouping it splits nothing more.
            if (!(c.contains(Aspect.OWNER_CHAIN) && c.contains(Aspect.OWNER_SITE))) {
                all.add(List.copyOf(c));
            }
        }
        return List.copyOf(all);
    }

    /**
     * The owner-side keys of one owner part, in the order of OWNER_ASPECTS; state: the owner state for
     * the detail, "blocked on" the lock where it is known.
     */
    private record OwnerKey(Object[] keys, Object state) {
        static OwnerKey of(OwnerPart p) {
            Object[] k = new Object[OWNER_ASPECTS.size()];
            for (int i = 0; i < k.length; i++) {
                k[i] = AspectKeys.key(OWNER_ASPECTS.get(i), p, false);
            }
            return new OwnerKey(k, p.blockedOn() != null ? "blocked on " + p.blockedOn() : p.state());
        }

        static OwnerKey all(Object key) {
            Object[] k = new Object[OWNER_ASPECTS.size()];
            Arrays.fill(k, key);
            return new OwnerKey(k, key);
        }

        Object key(Aspect a) {
            int i = OWNER_ASPECTS.indexOf(a);
            if (i < 0) {
                throw new IllegalArgumentException(a.displayName());
            }
            return keys[i];
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof OwnerKey k && Arrays.equals(keys, k.keys) && state.equals(k.state);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(keys) * 31 + state.hashCode();
        }
    }

    private record RowKey(Object[] blocked, OwnerKey[] owners, int bucket, boolean afterWait) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RowKey k && bucket == k.bucket && afterWait == k.afterWait
                    && Arrays.equals(blocked, k.blocked) && Arrays.equals(owners, k.owners);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(blocked) * 31 + Arrays.hashCode(owners)) * 31 + bucket * 2 + (afterWait ? 1 : 0);
        }

        RowKey inBucket(int b) {
            return new RowKey(blocked, owners, b, afterWait);
        }
    }

    private static final class Row {
        final RowKey key;
        long count;
        long nanos;
        final long[] ownerNanos;
        final RowDurations durations;

        Row(RowKey key) {
            this.key = key;
            this.ownerNanos = new long[key.owners.length];
            this.durations = new RowDurations(() -> ownerSubsets(key.owners));
        }

        void add(Row o) {
            count += o.count;
            nanos += o.nanos;
            durations.add(o.durations);
            for (int i = 0; i < ownerNanos.length; i++) {
                ownerNanos[i] += o.ownerNanos[i];
            }
        }
    }

    private final TimeAxis axis;
    private Map<RowKey, Row> rows = new HashMap<>();
    private long contentions;

    public ContentionCube(TimeAxis axis) {
        this.axis = axis;
        axis.onFold(this::fold);
    }

    /** One contention, from the analysis that fills the cube (TraceModel). */
    void accept(Contention c) {
        Object[] blocked = new Object[BLOCKED.length];
        for (int i = 0; i < BLOCKED.length; i++) {
            blocked[i] = AspectKeys.key(BLOCKED[i], c, false);
        }
        // Owner keys in the order of their first part; a contention many threads barged past has thousands
        // of parts, so they are found by hash.
        Map<OwnerKey, Integer> index = new HashMap<>();
        List<OwnerKey> owners = new ArrayList<>(2);
        long[] nanos = new long[2];
        if (c.parts().isEmpty()) {
            owners.add(UNKNOWN_OWNER);
            nanos[0] = c.nanos();
        }
        for (OwnerPart p : c.parts()) {
            OwnerKey k = p.owner() == null ? (p.handOff() ? HAND_OFF : UNKNOWN_OWNER) : OwnerKey.of(p);
            Integer at = index.putIfAbsent(k, owners.size());
            if (at == null) {
                at = owners.size();
                owners.add(k);
                if (at == nanos.length) {
                    nanos = Arrays.copyOf(nanos, at * 2);
                }
            }
            nanos[at] += p.nanos();
        }
        synchronized (axis) {
            int bucket = axis.bucket(c.start());   // may fold the rows first
            RowKey key = new RowKey(blocked, owners.toArray(new OwnerKey[0]), bucket, c.afterWait());
            Row row = rows.computeIfAbsent(key, Row::new);
            long w = c.weight();   // counts and times weighted (a sampled trace), durations as recorded
            row.count += w;
            row.nanos += c.nanos() * w;
            long[] contentionOwnerNanos = Arrays.copyOf(nanos, row.ownerNanos.length);
            for (int i = 0; i < row.ownerNanos.length; i++) {
                row.ownerNanos[i] += contentionOwnerNanos[i] * w;
            }
            row.durations.record(c.nanos(), contentionOwnerNanos);
            contentions++;
        }
    }

    /**
     * The sets of owner keys (by index) other than all of them that owner-side nodes can select: the
     * groups of equal keys under each combination of owner-side aspects. A path through several owner
     * levels selects the intersection of its groups, which is the group under the combined aspects.
     */
    private static BitSet[] ownerSubsets(OwnerKey[] owners) {
        if (owners.length < 2) {
            return new BitSet[0];
        }
        Set<BitSet> found = new LinkedHashSet<>();
        for (List<Aspect> grouping : OWNER_GROUPINGS) {
            Map<List<Object>, BitSet> groups = new LinkedHashMap<>();
            for (int i = 0; i < owners.length; i++) {
                List<Object> keys = new ArrayList<>(grouping.size());
                for (Aspect a : grouping) {
                    keys.add(owners[i].key(a));
                }
                groups.computeIfAbsent(keys, k -> new BitSet(owners.length)).set(i);
            }
            for (BitSet g : groups.values()) {
                if (g.cardinality() < owners.length) {
                    found.add(g);
                }
            }
        }
        return found.toArray(new BitSet[0]);
    }

    private void fold() {
        Map<RowKey, Row> folded = new HashMap<>(rows.size());
        for (Row r : rows.values()) {
            RowKey k = r.key.inBucket(r.key.bucket / 2);
            Row into = folded.computeIfAbsent(k, Row::new);
            into.add(r);
        }
        rows = folded;
    }

    public long contentions() {
        synchronized (axis) {
            return contentions;
        }
    }

    public int rows() {
        synchronized (axis) {
            return rows.size();
        }
    }

    public TimeAxis axis() {
        return axis;
    }

    /**
     * The drill-down tree by these aspects, of the contentions starting in buckets [from, to), either
     * the main tree or the separate after-wait tree (as in the report).
     */
    public DrillNode tree(List<Aspect> aspects, int from, int to, boolean afterWait) {
        DrillNode root = new DrillNode(null, null, afterWait ? "after wait" : "all");
        Aspect[] order = aspects.toArray(new Aspect[0]);
        synchronized (axis) {
            for (Row r : rows.values()) {
                if (r.key.afterWait == afterWait && r.key.bucket >= from && r.key.bucket < to) {
                    int[] all = new int[r.ownerNanos.length];
                    Arrays.setAll(all, i -> i);
                    add(root, r, all, r.nanos, order, 0);
                }
            }
        }
        return root;
    }

    private static void add(DrillNode node, Row r, int[] owners, long nanos, Aspect[] order, int level) {
        node.nanos += nanos;
        node.count += r.count;
        node.durations.add(r.durations.of(owners, r.ownerNanos.length));
        if (level == order.length) {
            return;
        }
        Aspect a = order[level];
        if (!a.ownerSide()) {
            add(node.child(a, r.key.blocked[blockedIndex(a)]), r, owners, nanos, order, level + 1);
            return;
        }
        Map<Object, List<Integer>> byKey = new LinkedHashMap<>();
        for (int i : owners) {
            byKey.computeIfAbsent(r.key.owners[i].key(a), k -> new ArrayList<>(1)).add(i);
        }
        for (Map.Entry<Object, List<Integer>> e : byKey.entrySet()) {
            int[] subset = e.getValue().stream().mapToInt(Integer::intValue).toArray();
            long sum = 0;
            for (int i : subset) {
                sum += r.ownerNanos[i];
            }
            add(node.child(a, e.getKey()), r, subset, sum, order, level + 1);
        }
    }

    private static int blockedIndex(Aspect a) {
        for (int i = 0; i < BLOCKED.length; i++) {
            if (BLOCKED[i] == a) {
                return i;
            }
        }
        throw new IllegalArgumentException(a.displayName());
    }

    /** What lies under a node of a tree built by {@link #tree} with the same window and tree. */
    public DrillDetail detail(DrillNode node, int from, int to, boolean afterWait) {
        List<DrillNode> path = new ArrayList<>();
        for (DrillNode n = node; n != null && n.aspect() != null; n = n.parent()) {
            path.add(n);
        }
        Map<Object, long[]> chains = new HashMap<>(), ownerChains = new HashMap<>(), locks = new HashMap<>(),
                threads = new HashMap<>(), ownerThreads = new HashMap<>(), ownerStates = new HashMap<>(),
                rootChains = new HashMap<>();
        long nanos = 0, count = 0;
        boolean ownerConstrained = path.stream().anyMatch(n -> n.aspect().ownerSide());
        synchronized (axis) {
            for (Row r : rows.values()) {
                if (r.key.afterWait != afterWait || r.key.bucket < from || r.key.bucket >= to || !blockedMatch(r, path)) {
                    continue;
                }
                long rowNanos = 0;
                boolean anyOwner = false;
                // Per row, each owner chain or thread counts its contentions once, however many parts name it.
                Map<Object, long[]> rowChains = new HashMap<>(2), rowThreads = new HashMap<>(2),
                        rowStates = new HashMap<>(2), rowRoots = new HashMap<>(2);
                for (int i = 0; i < r.ownerNanos.length; i++) {
                    if (ownerMatch(r.key.owners[i], path)) {
                        anyOwner = true;
                        rowNanos += r.ownerNanos[i];
                        add(rowChains, r.key.owners[i].key(Aspect.OWNER_CHAIN), r.ownerNanos[i], 0);
                        add(rowThreads, r.key.owners[i].key(Aspect.OWNER_THREAD), r.ownerNanos[i], 0);
                        add(rowStates, r.key.owners[i].state(), r.ownerNanos[i], 0);
                        add(rowRoots, r.key.owners[i].key(Aspect.ROOT_OWNER_CHAIN), r.ownerNanos[i], 0);
                    }
                }
                if (ownerConstrained && !anyOwner) {
                    continue;
                }
                rowChains.forEach((k, v) -> add(ownerChains, k, v[0], r.count));
                rowThreads.forEach((k, v) -> add(ownerThreads, k, v[0], r.count));
                rowStates.forEach((k, v) -> add(ownerStates, k, v[0], r.count));
                rowRoots.forEach((k, v) -> add(rootChains, k, v[0], r.count));
                if (!ownerConstrained) {
                    rowNanos = r.nanos;
                }
                nanos += rowNanos;
                count += r.count;
                add(chains, r.key.blocked[blockedIndex(Aspect.CHAIN)], rowNanos, r.count);
                add(locks, r.key.blocked[blockedIndex(Aspect.LOCK)], rowNanos, r.count);
                add(threads, r.key.blocked[blockedIndex(Aspect.THREAD)], rowNanos, r.count);
            }
        }
        return new DrillDetail(nanos, count, entries(chains), entries(ownerChains), entries(locks), entries(threads),
                entries(ownerThreads), entries(ownerStates), entries(rootChains));
    }

    private static boolean blockedMatch(Row r, List<DrillNode> path) {
        for (DrillNode n : path) {
            if (!n.aspect().ownerSide() && !n.keys().contains(r.key.blocked[blockedIndex(n.aspect())])) {
                return false;
            }
        }
        return true;
    }

    private static boolean ownerMatch(OwnerKey k, List<DrillNode> path) {
        for (DrillNode n : path) {
            if (n.aspect().ownerSide() && !n.keys().contains(k.key(n.aspect()))) {
                return false;
            }
        }
        return true;
    }

    private static void add(Map<Object, long[]> m, Object key, long nanos, long count) {
        long[] v = m.computeIfAbsent(key, k -> new long[2]);
        v[0] += nanos;
        v[1] += count;
    }

    private static List<DrillDetail.Entry> entries(Map<Object, long[]> m) {
        List<DrillDetail.Entry> list = new ArrayList<>(m.size());
        m.forEach((k, v) -> list.add(new DrillDetail.Entry(k, v[0], v[1])));
        list.sort(Comparator.comparingLong(DrillDetail.Entry::nanos).reversed()
                .thenComparing(e -> String.valueOf(e.key())));
        return list;
    }
}
