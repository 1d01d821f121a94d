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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.OwnerPart;
import jdk.lockstat.internal.model.Unknown;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.DurationHistogram;
import jdk.lockstat.query.ReportNode;

/**
 * Paper 4.2: the selector/aggregator hierarchy over an ordered list of aspects. A contention adds its
 * duration along one path while the aspects are blocked-side; at an owner-side aspect it splits into
 * its owner parts, each part's nanoseconds going to its owner's key (parts with the same key together),
 * and the split carries on below. A node's count is the number of contentions with time in it, and its
 * durations are the nanoseconds each of them gave it: the whole blocked interval above any owner-side
 * aspect, that owner's parts of it below one. So the durations add up to the node's total, and an owner
 * that keeps waiters blocked long stands apart from one that hands the lock on quickly.
 *
 * <p>After-wait contentions (a notified thread re-acquiring the monitor) are aggregated in a second,
 * separate tree with the same aspects: they are usually expected and would otherwise hide the
 * contention that matters (paper 3.2). Thread-safe for one feeding thread and any number of
 * {@link #snapshot} callers (the online mode reports while it analyses).
 */
public final class AggregationTree implements ContentionSink {
    private final List<Aspect> aspects;
    private final boolean allFrames;
    private final AggregationNode root = new AggregationNode("all");
    private final AggregationNode afterWait = new AggregationNode("after wait");

    /** By these aspects, chains from their first frame outside the locking mechanism. */
    public AggregationTree(List<Aspect> aspects) {
        this(aspects, false);
    }

    /**
     * By these aspects; allFrames: chain and method keys include the frames of the locking mechanism
     * (Unsafe, LockSupport, AQS, ...) instead of starting after them ({@link ChainRef#frames(boolean)}).
     * By default, chains that differ only in those frames are one node.
     */
    public AggregationTree(List<Aspect> aspects, boolean allFrames) {
        this.aspects = List.copyOf(aspects);
        this.allFrames = allFrames;
    }

    public List<Aspect> aspects() {
        return aspects;
    }

    @Override
    public synchronized void accept(Contention c) {
        add(c.afterWait() ? afterWait : root, c, c.parts(), c.nanos(), 0);
    }

    /** Counts and totals are weighted (a sampled trace's estimates); durations, as recorded, are not. */
    private void add(AggregationNode node, Contention c, List<OwnerPart> parts, long nanos, int level) {
        node.totalNanos += nanos * c.weight();
        node.count += c.weight();
        node.durations.record(nanos);
        if (level == aspects.size()) {
            return;
        }
        Aspect a = aspects.get(level);
        if (!a.ownerSide()) {
            add(node.child(AspectKeys.key(a, c, allFrames)), c, parts, nanos, level + 1);
            return;
        }
        if (parts.isEmpty()) {
            add(node.child(Unknown.OWNER), c, parts, nanos, level + 1);
            return;
        }
        if (parts.size() == 1) {
            add(node.child(AspectKeys.key(a, parts.get(0), allFrames)), c, parts, nanos, level + 1);
            return;
        }
        Map<Object, List<OwnerPart>> byKey = new LinkedHashMap<>();
        for (OwnerPart p : parts) {
            byKey.computeIfAbsent(AspectKeys.key(a, p, allFrames), k -> new ArrayList<>(2)).add(p);
        }
        for (Map.Entry<Object, List<OwnerPart>> e : byKey.entrySet()) {
            long sum = 0;
            for (OwnerPart p : e.getValue()) {
                sum += p.nanos();
            }
            add(node.child(e.getKey()), c, e.getValue(), sum, level + 1);
        }
    }

    /** The tree of all contention except after-wait; percentages of its total. */
    public synchronized ReportNode snapshot() {
        return snapshot(root, root.totalNanos, allFrames);
    }

    /** The separate tree of after-wait contention; percentages of its own total. */
    public synchronized ReportNode afterWaitSnapshot() {
        return snapshot(afterWait, afterWait.totalNanos, allFrames);
    }

    static ReportNode snapshot(AggregationNode n, long total, boolean allFrames) {
        return snapshot(List.of(n), ChainRef.keyText(n.key, allFrames), total, allFrames);
    }

    /**
     * One report node for nodes whose keys read the same (two chain ids with equal frames, two chains that
     * differ only in the locking mechanism's frames, two classes of one name from different loaders): the
     * report shows what a reader can tell apart.
     */
    private static ReportNode snapshot(List<AggregationNode> same, String key, long total, boolean allFrames) {
        long nanos = 0, count = 0;
        DurationHistogram durations = new DurationHistogram();
        Map<String, List<AggregationNode>> byText = new LinkedHashMap<>();
        for (AggregationNode n : same) {
            nanos += n.totalNanos;
            count += n.count;
            durations.add(n.durations);
            if (n.children != null) {
                for (AggregationNode c : n.children.values()) {
                    byText.computeIfAbsent(ChainRef.keyText(c.key, allFrames), k -> new ArrayList<>(1)).add(c);
                }
            }
        }
        List<ReportNode> children = new ArrayList<>(byText.size());
        byText.forEach((text, nodes) -> children.add(snapshot(nodes, text, total, allFrames)));
        children.sort(Comparator.comparingLong(ReportNode::totalNanos).reversed().thenComparing(ReportNode::key));
        double percent = total == 0 ? (count > 0 ? 100 : 0) : 100.0 * nanos / total;
        return new ReportNode(key, nanos, count, percent, durations, children);
    }
}
