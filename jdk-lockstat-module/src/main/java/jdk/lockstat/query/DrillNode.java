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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One node of an interactive drill-down tree ({@link ContentionCube#tree}): the aspect it selects by,
 * its key as text and the metadata objects behind it (several when keys read the same, as in the
 * report: a chain reads from its first frame outside the locking mechanism, {@link CallChain#keyText}),
 * total blocked nanoseconds, the number of contentions with time in it and the nanoseconds each of them
 * gave it (as the report's aggregation tree records them).
 */
public final class DrillNode {
    private final DrillNode parent;
    private final Aspect aspect;   // null for the root
    private final String text;
    private final Set<Object> keys = new LinkedHashSet<>(2);
    long nanos;
    long count;
    final DurationHistogram durations = new DurationHistogram();
    private Map<String, DrillNode> children;
    private List<DrillNode> sorted;   // children() once the tree is complete

    DrillNode(DrillNode parent, Aspect aspect, String text) {
        this.parent = parent;
        this.aspect = aspect;
        this.text = text;
    }

    DrillNode child(Aspect a, Object key) {
        if (children == null) {
            children = new LinkedHashMap<>();
        }
        sorted = null;
        String t = CallChain.keyText(key, false);
        DrillNode n = children.computeIfAbsent(t, k -> new DrillNode(this, a, k));
        n.keys.add(key);
        return n;
    }

    public DrillNode parent() {
        return parent;
    }

    public Aspect aspect() {
        return aspect;
    }

    public String text() {
        return text;
    }

    /** The metadata objects (ThreadRef, ChainRef, LockRef, MethodRef, ClassRef, group name, Unknown). */
    public Set<Object> keys() {
        return Collections.unmodifiableSet(keys);
    }

    public long nanos() {
        return nanos;
    }

    public long count() {
        return count;
    }

    /** Count, p50, p90, p99 and max of the nanoseconds each contention with time in this node gave it. */
    public DurationDistribution distribution() {
        return durations.distribution();
    }

    /** Those durations, for a bar histogram; a copy. */
    public DurationHistogram durations() {
        return durations.copy();
    }

    public double averageNanos() {
        return count == 0 ? 0 : nanos / (double) count;
    }

    /** Children, largest total first. */
    public List<DrillNode> children() {
        if (children == null) {
            return List.of();
        }
        if (sorted == null) {
            List<DrillNode> list = new ArrayList<>(children.values());
            list.sort((a, b) -> a.nanos != b.nanos ? Long.compare(b.nanos, a.nanos) : a.text.compareTo(b.text));
            sorted = Collections.unmodifiableList(list);
        }
        return sorted;
    }

    /** The root's total: what percentages are of. */
    public long rootNanos() {
        DrillNode n = this;
        while (n.parent != null) {
            n = n.parent;
        }
        return n.nanos;
    }

    public double percent() {
        long total = rootNanos();
        return total == 0 ? 0 : 100.0 * nanos / total;
    }

    /** This node as a report node (for the report's CSV, JSON and text writers). */
    public ReportNode toReportNode() {
        List<ReportNode> kids = new ArrayList<>();
        for (DrillNode c : children()) {
            kids.add(c.toReportNode());
        }
        return new ReportNode(text, nanos, count, percent(), durations.copy(), kids);
    }

    @Override
    public String toString() {
        return text;
    }
}
