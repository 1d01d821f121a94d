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

package jdk.lockstat.internal.aggregate;

import java.util.ArrayDeque;
import java.util.Set;

import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * Restricts contentions to a time window (each one clipped to it, owner parts included, so a window
 * shows exactly the blocked time inside it) and to blocked threads given by name or id. A thread's name
 * can arrive after its contentions, so contentions of still unnamed threads wait here (bounded) when
 * names are asked for.
 */
public final class ContentionFilter implements ContentionSink {
    private static final int MAX_WAITING = 100_000;

    private final ContentionSink next;
    private final long relativeFrom;
    private final long relativeTo;
    private long from = Long.MIN_VALUE;
    private long to = Long.MAX_VALUE;
    private boolean anchored;
    private final Set<String> threads;
    private final ArrayDeque<Contention> unnamed = new ArrayDeque<>();

    /**
     * from/to in nanoseconds relative to the trace's start (Long.MIN_VALUE/MAX_VALUE: open); threads
     * (names or ids) empty: all.
     */
    public ContentionFilter(ContentionSink next, long from, long to, Set<String> threads) {
        this.next = next;
        this.relativeFrom = from;
        this.relativeTo = to;
        this.threads = Set.copyOf(threads);
    }

    /** Anchors the window at the trace's start (the header's start.nanos). */
    public void traceStart(long startNanos) {
        anchored = true;
        from = relativeFrom == Long.MIN_VALUE ? Long.MIN_VALUE : startNanos + relativeFrom;
        to = relativeTo == Long.MAX_VALUE ? Long.MAX_VALUE : startNanos + relativeTo;
    }

    @Override
    public void accept(Contention c) {
        if (!anchored) {
            traceStart(c.start());   // no header: the first contention stands in for the start
        }
        Contention clipped = c.clip(from, to);
        if (clipped == null) {
            return;
        }
        if (threads.isEmpty()) {
            next.accept(clipped);
            return;
        }
        if (clipped.thread().name() == null && !threads.contains(Long.toString(clipped.thread().id()))) {
            unnamed.add(clipped);
            if (unnamed.size() > MAX_WAITING) {
                test(unnamed.poll());
            } else if (unnamed.size() % 1024 == 0) {
                retry();
            }
            return;
        }
        test(clipped);
    }

    private void retry() {
        int n = unnamed.size();
        for (int i = 0; i < n; i++) {
            Contention c = unnamed.poll();
            if (c.thread().name() != null) {
                test(c);
            } else {
                unnamed.add(c);
            }
        }
    }

    private void test(Contention c) {
        ThreadRef t = c.thread();
        if (threads.contains(Long.toString(t.id())) || (t.name() != null && threads.contains(t.name()))) {
            next.accept(c);
        }
    }

    /** End of the analysis: decides the contentions that waited for a thread name. */
    public void finish() {
        while (!unnamed.isEmpty()) {
            test(unnamed.poll());
        }
    }
}
