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

import java.util.HashMap;
import java.util.Map;

import jdk.lockstat.query.DurationHistogram;

/**
 * Paper 4.2: an aggregator (total duration, count, and the distribution of what each contention gave it)
 * coupled with the selector for the next aspect (children by key, created on first use).
 */
final class AggregationNode {
    final Object key;
    long totalNanos;
    long count;
    final DurationHistogram durations = new DurationHistogram();
    Map<Object, AggregationNode> children;

    AggregationNode(Object key) {
        this.key = key;
    }

    AggregationNode child(Object childKey) {
        if (children == null) {
            children = new HashMap<>();
        }
        AggregationNode n = children.get(childKey);
        if (n == null) {
            n = new AggregationNode(childKey);
            children.put(childKey, n);
        }
        return n;
    }
}
