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

package jdk.lockstat.internal.query;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.ThreadRef;
import jdk.lockstat.internal.model.Unknown;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.DurationHistogram;
import jdk.lockstat.query.ReportNode;

/**
 * Contention summed by its finest identity (kind, lock, blocked thread, blocked chain, after-wait; and
 * per owner thread and owner chain), from which a report by any list of aspects is computed later. The
 * online mode keeps this instead of the contentions themselves: memory grows with the number of
 * distinct locks, threads and chains, not with the run's length, and jcmd may ask for any aspects.
 *
 * <p>Times are exact for every aspect list. Counts are exact on blocked-side aspects; under an
 * owner-side aspect that merges several (owner thread, owner chain) pairs, one contention with parts
 * from more than one of them counts once per pair (capped at the blocked count). Durations likewise: a
 * contention's nanoseconds are kept per pair, so under such a merging node it gives one duration per pair
 * (each pair's share) where the report gives one with their sum.
 */
public final class ContentionSummary implements ContentionSink {
    private record BlockedKey(Contention.Kind kind, LockRef lock, ThreadRef thread, ChainRef chain, boolean afterWait) {}

    private record OwnerKey(ThreadRef owner, ChainRef chain, boolean handOff) {}

    private static final class OwnerTotals {
        final OwnerPart sample;   // stands for the key when aspects ask for it
        long nanos;
        long count;
        final DurationHistogram durations = new DurationHistogram();   // per contention, this pair's share

        OwnerTotals(OwnerPart sample) {
            this.sample = sample;
        }
    }

    private static final class Totals {
        final Contention sample;
        long nanos;
        long count;
        long withoutOwners;        // contentions that had no owner parts at all
        long withoutOwnersNanos;
        final DurationHistogram durations = new DurationHistogram();
        final DurationHistogram withoutOwnersDurations = new DurationHistogram();
        final Map<OwnerKey, OwnerTotals> owners = new LinkedHashMap<>();

        Totals(Contention sample) {
            this.sample = sample;
        }
    }

    private final Map<BlockedKey, Totals> totals = new HashMap<>();

    @Override
    public synchronized void accept(Contention c) {
        BlockedKey key = new BlockedKey(c.kind(), c.lock(), c.thread(), c.chain(), c.afterWait());
        Totals t = totals.computeIfAbsent(key, k -> new Totals(c));
        long w = c.weight();   // counts and times weighted (a sampled trace), durations as recorded
        t.nanos += c.nanos() * w;
        t.count += w;
        t.durations.record(c.nanos());
        if (c.parts().isEmpty()) {
            t.withoutOwners += w;
            t.withoutOwnersNanos += c.nanos() * w;
            t.withoutOwnersDurations.record(c.nanos());
            return;
        }
        Map<OwnerTotals, long[]> share = new LinkedHashMap<>(4);
        for (OwnerPart p : c.parts()) {
            OwnerTotals o = t.owners.computeIfAbsent(new OwnerKey(p.owner(), p.chain(), p.handOff()), k -> new OwnerTotals(p));
            o.nanos += p.nanos() * w;
            share.computeIfAbsent(o, k -> new long[1])[0] += p.nanos();
        }
        share.forEach((o, nanos) -> {
            o.count += w;
            o.durations.record(nanos[0]);
        });
    }

    /** Distinct blocked identities held (the summary's size). */
    public synchronized int size() {
        return totals.size();
    }

    /**
     * Report trees by the given aspects, chains from their first frame outside the locking mechanism:
     * [0] all contention except after-wait, [1] after-wait.
     */
    public ReportNode[] report(List<Aspect> aspects) {
        return report(aspects, false);
    }

    /** As {@link #report(List)}; allFrames as for {@link AggregationTree#AggregationTree(List, boolean)}. */
    public synchronized ReportNode[] report(List<Aspect> aspects, boolean allFrames) {
        AggregationNode main = new AggregationNode("all");
        AggregationNode afterWait = new AggregationNode("after wait");
        for (Totals t : totals.values()) {
            List<OwnerTotals> owners = new ArrayList<>(t.owners.values());
            add(t.sample.afterWait() ? afterWait : main, aspects, allFrames, t, owners, t.nanos, t.count, t.durations,
                    true, 0);
        }
        return new ReportNode[] {AggregationTree.snapshot(main, main.totalNanos, allFrames),
                                 AggregationTree.snapshot(afterWait, afterWait.totalNanos, allFrames)};
    }

    /** withUnowned: the contentions without owner parts are still on this path. */
    private static void add(AggregationNode node, List<Aspect> aspects, boolean allFrames, Totals t,
                            List<OwnerTotals> owners, long nanos, long count, DurationHistogram durations,
                            boolean withUnowned, int level) {
        node.totalNanos += nanos;
        node.count += count;
        node.durations.add(durations);
        if (level == aspects.size()) {
            return;
        }
        Aspect a = aspects.get(level);
        if (!a.ownerSide()) {
            add(node.child(AspectKeys.key(a, t.sample, allFrames)), aspects, allFrames, t, owners, nanos, count, durations,
                    withUnowned, level + 1);
            return;
        }
        if (withUnowned && t.withoutOwners > 0) {
            add(node.child(Unknown.OWNER), aspects, allFrames, t, List.of(), t.withoutOwnersNanos, t.withoutOwners,
                    t.withoutOwnersDurations, false, level + 1);
        }
        Map<Object, List<OwnerTotals>> byKey = new LinkedHashMap<>();
        for (OwnerTotals o : owners) {
            byKey.computeIfAbsent(AspectKeys.key(a, o.sample, allFrames), k -> new ArrayList<>(2)).add(o);
        }
        long owned = count - (withUnowned ? t.withoutOwners : 0);
        for (Map.Entry<Object, List<OwnerTotals>> e : byKey.entrySet()) {
            long sumNanos = 0, sumCount = 0;
            DurationHistogram sumDurations = new DurationHistogram();
            for (OwnerTotals o : e.getValue()) {
                sumNanos += o.nanos;
                sumCount += o.count;
                sumDurations.add(o.durations);
            }
            add(node.child(e.getKey()), aspects, allFrames, t, e.getValue(), sumNanos, Math.min(sumCount, owned),
                    sumDurations, false, level + 1);
        }
    }
}
