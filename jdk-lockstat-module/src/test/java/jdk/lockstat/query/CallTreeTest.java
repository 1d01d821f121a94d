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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.Unknown;

/**
 * Call chains merged into call trees: exact totals and self times top-down and bottom-up, the locking
 * mechanism's frames skipped or kept, frames by method or by line, unknown keys as roots, search.
 */
class CallTreeTest {
    private static long ids = 1;

    private static Frame frame(String cls, String method, String file, int line) {
        ClassRef c = new ClassRef(ids++);
        c.define(cls, 0);
        MethodRef m = new MethodRef(ids++);
        m.define(c, method, "()V", file);
        return new Frame(m, 0, line, false);
    }

    private static ChainRef chain(Frame... innermostFirst) {
        ChainRef c = new ChainRef(ids++);
        c.define(List.of(innermostFirst));
        return c;
    }

    static final Frame PARK = frame("java.util.concurrent.locks.LockSupport", "park", "LockSupport.java", 221);
    static final Frame ACQUIRE = frame("java.util.concurrent.locks.AbstractQueuedSynchronizer", "acquire",
            "AbstractQueuedSynchronizer.java", 790);
    static final Frame LOCK = frame("java.util.concurrent.locks.ReentrantLock", "lock", "ReentrantLock.java", 323);
    static final Frame RUN = frame("java.lang.Thread", "run", "Thread.java", 1474);

    /** A: 600 ns blocked in ReentrantLock.lock from App.get line 10; B: 300 ns in App.put; C: 100 ns in App.get line 12. */
    static final ChainRef A = chain(PARK, ACQUIRE, LOCK, frame("App", "get", "App.java", 10),
            frame("App", "work", "App.java", 20), RUN);
    static final ChainRef B = chain(frame("App", "put", "App.java", 11), frame("App", "work", "App.java", 21), RUN);
    static final ChainRef C = chain(frame("App", "get", "App.java", 12), frame("App", "other", "App.java", 40), RUN);

    static final List<DrillDetail.Entry> ENTRIES = List.of(new DrillDetail.Entry(A, 600, 6),
            new DrillDetail.Entry(B, 300, 3), new DrillDetail.Entry(C, 100, 1),
            new DrillDetail.Entry(Unknown.OWNER, 50, 2), new DrillDetail.Entry(chain(RUN), 0, 1));

    static List<String> frames(CallTree.Node n) {
        return n.children().stream().map(CallTree.Node::frame).toList();
    }

    static CallTree.Node at(CallTree t, String... path) {
        CallTree.Node n = t.find(List.of(path));
        assertTrue(n != null, "no node " + List.of(path));
        return n;
    }

    static void assertNode(CallTree.Node n, long total, long self) {
        assertEquals(total, n.totalNanos(), "total of " + n.path());
        assertEquals(self, n.selfNanos(), "self of " + n.path());
    }

    @Test
    void topDownStartsAtTheOutermostFramesAndSkipsTheMechanism() {
        CallTree t = CallTree.of(ENTRIES, CallTree.Direction.TOP_DOWN, false, false);
        assertEquals(1050, t.totalNanos());
        assertEquals(1050, t.root().totalNanos());
        assertEquals(List.of("java.lang.Thread.run", "<unknown owner>"), frames(t.root()));
        assertNode(at(t, "java.lang.Thread.run"), 1000, 0);
        assertNode(at(t, "<unknown owner>"), 50, 50);
        assertEquals(List.of("App.work", "App.other"), frames(at(t, "java.lang.Thread.run")));
        assertNode(at(t, "java.lang.Thread.run", "App.work"), 900, 0);
        assertEquals(List.of("App.get", "App.put"), frames(at(t, "java.lang.Thread.run", "App.work")));
        assertNode(at(t, "java.lang.Thread.run", "App.work", "App.get"), 600, 600);
        assertNode(at(t, "java.lang.Thread.run", "App.work", "App.put"), 300, 300);
        assertNode(at(t, "java.lang.Thread.run", "App.other", "App.get"), 100, 100);
        assertEquals(List.of(), frames(at(t, "java.lang.Thread.run", "App.work", "App.get")), "the mechanism is skipped");
        assertFalse(at(t, "java.lang.Thread.run", "App.work", "App.get").mechanism());
        assertEquals(3, t.depth());
        assertEquals(600 * 100.0 / 1050, at(t, "java.lang.Thread.run", "App.work", "App.get").percent(), 1e-9);
        assertEquals(List.of("java.lang.Thread.run", "App.work", "App.get"),
                at(t, "java.lang.Thread.run", "App.work", "App.get").path());
        assertNull(t.find(List.of("App.get")));
    }

    @Test
    void bottomUpStartsAtTheBlockingFrames() {
        CallTree t = CallTree.of(ENTRIES, CallTree.Direction.BOTTOM_UP, false, false);
        assertEquals(1050, t.totalNanos());
        assertEquals(List.of("App.get", "App.put", "<unknown owner>"), frames(t.root()));
        assertNode(at(t, "App.get"), 700, 700);
        assertNode(at(t, "App.put"), 300, 300);
        assertEquals(List.of("App.work", "App.other"), frames(at(t, "App.get")));
        assertNode(at(t, "App.get", "App.work"), 600, 0);
        assertNode(at(t, "App.get", "App.work", "java.lang.Thread.run"), 600, 0);
        assertNode(at(t, "App.get", "App.other", "java.lang.Thread.run"), 100, 0);
        assertNode(at(t, "App.put", "App.work", "java.lang.Thread.run"), 300, 0);
    }

    @Test
    void allFramesKeepTheMechanism() {
        CallTree down = CallTree.of(ENTRIES, CallTree.Direction.TOP_DOWN, true, false);
        CallTree.Node get = at(down, "java.lang.Thread.run", "App.work", "App.get");
        assertNode(get, 600, 0);
        CallTree.Node park = at(down, "java.lang.Thread.run", "App.work", "App.get",
                "java.util.concurrent.locks.ReentrantLock.lock", "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.LockSupport.park");
        assertNode(park, 600, 600);
        assertTrue(park.mechanism());
        assertFalse(get.mechanism());
        assertEquals(6, down.depth());

        CallTree up = CallTree.of(ENTRIES, CallTree.Direction.BOTTOM_UP, true, false);
        assertEquals(List.of("java.util.concurrent.locks.LockSupport.park", "App.put", "App.get", "<unknown owner>"),
                frames(up.root()));
        assertNode(at(up, "java.util.concurrent.locks.LockSupport.park"), 600, 600);
        assertNode(at(up, "App.get"), 100, 100);
        assertNode(at(up, "java.util.concurrent.locks.LockSupport.park", "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.ReentrantLock.lock", "App.get"), 600, 0);
    }

    @Test
    void linesTellCallSitesApart() {
        CallTree up = CallTree.of(ENTRIES, CallTree.Direction.BOTTOM_UP, false, true);
        assertEquals(List.of("App.get(App.java:10)", "App.put(App.java:11)", "App.get(App.java:12)", "<unknown owner>"),
                frames(up.root()));
        assertNode(at(up, "App.get(App.java:10)", "App.work(App.java:20)", "java.lang.Thread.run(Thread.java:1474)"), 600, 0);
        CallTree down = CallTree.of(ENTRIES, CallTree.Direction.TOP_DOWN, false, true);
        assertEquals(List.of("App.work(App.java:20)", "App.work(App.java:21)", "App.other(App.java:40)"),
                frames(at(down, "java.lang.Thread.run(Thread.java:1474)")));
    }

    @Test
    void searchCountsEachChainOnce() {
        CallTree t = CallTree.of(ENTRIES, CallTree.Direction.TOP_DOWN, false, false);
        assertEquals(700, CallTree.matchingNanos(t.root(), "app.GET"));
        assertEquals(900, CallTree.matchingNanos(t.root(), "work"));
        assertEquals(1000, CallTree.matchingNanos(t.root(), "App."), "App.get under App.work counts once");
        assertEquals(1050, CallTree.matchingNanos(t.root(), "n"));
        assertEquals(0, CallTree.matchingNanos(t.root(), "  "));
        assertEquals(0, CallTree.matchingNanos(t.root(), "all"), "the root is no frame");
        assertEquals(600, CallTree.matchingNanos(at(t, "java.lang.Thread.run", "App.work"), "get"));
    }

    /** Every node's total is its self time plus its children's; the roots add up to the detail's nanoseconds. */
    @Test
    void treesOfACubeNodeAddUp() {
        List<Contention> contentions = ContentionCubeTest.randomContentions(11, 3_000, 5_000_000_000L);
        TimeAxis axis = new TimeAxis();
        axis.start(ContentionCubeTest.START);
        ContentionCube cube = new ContentionCube(axis);
        contentions.forEach(cube::accept);
        DrillNode root = cube.tree(List.of(Aspect.LOCK_CLASS, Aspect.OWNER_THREAD), 0, TimeAxis.BUCKETS, false);
        List<DrillNode> nodes = new ArrayList<>(List.of(root));
        nodes.addAll(root.children());
        nodes.addAll(root.children().get(0).children());
        for (DrillNode n : nodes) {
            DrillDetail d = cube.detail(n, 0, TimeAxis.BUCKETS, false);
            for (List<DrillDetail.Entry> side : List.of(d.chains(), d.ownerChains())) {
                long sum = side.stream().mapToLong(DrillDetail.Entry::nanos).sum();
                for (CallTree.Direction dir : CallTree.Direction.values()) {
                    CallTree t = CallTree.of(side, dir, false, false);
                    assertEquals(sum, t.totalNanos(), n + " " + dir);
                    assertEquals(n.nanos(), sum, n + ": the chains hold the node's time");
                    assertAddsUp(t.root());
                }
            }
        }
    }

    private static void assertAddsUp(CallTree.Node n) {
        long children = n.children().stream().mapToLong(CallTree.Node::totalNanos).sum();
        assertEquals(n.totalNanos(), n.selfNanos() + children, "at " + n.path());
        n.children().forEach(CallTreeTest::assertAddsUp);
    }
}
