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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.ThreadRef;

/**
 * The viewer's cube must build exactly the trees the report's {@link AggregationTree} builds, counts and
 * duration distributions included, for any aspect order, also after the time axis has folded many times.
 */
class ContentionCubeTest {
    static final long START = 1_000_000_000L;

    /** Random contentions over 3 locks, 4 threads, 5 chains, with 0 to 3 owner parts, some unknown. */
    static List<Contention> randomContentions(long seed, int n, long spanNanos) {
        Random rnd = new Random(seed);
        ClassRef cls = new ClassRef(1);
        cls.define("demo.Lock", 0);
        ClassRef cls2 = new ClassRef(2);
        cls2.define("demo.Other", 0);
        List<LockRef> locks = List.of(LockRef.of(cls, 0x11, 0), LockRef.of(cls, 0x22, 0), LockRef.of(cls2, 0x33, 0));
        List<ThreadRef> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ThreadRef t = new ThreadRef(10 + i);
            t.started("worker-" + i, false, false);
            threads.add(t);
        }
        List<ChainRef> chains = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            MethodRef m = new MethodRef(100 + i);
            m.define(cls, "m" + (i % 3), "()V", "Demo.java");   // chains 0 and 3 share a method
            ChainRef c = new ChainRef(200 + i);
            c.define(List.of(new Frame(m, i, 10 + i, false)));
            chains.add(c);
        }
        List<Contention> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long start = START + (long) (rnd.nextDouble() * spanNanos);
            Contention.Kind kind = rnd.nextInt(5) == 0 ? Contention.Kind.PARK : Contention.Kind.INTRINSIC;
            Contention c = new Contention(kind, locks.get(rnd.nextInt(locks.size())),
                    threads.get(rnd.nextInt(threads.size())), rnd.nextInt(10) == 0 ? null : chains.get(rnd.nextInt(5)),
                    rnd.nextInt(8) == 0, start);
            long t = start;
            int parts = rnd.nextInt(4);
            for (int p = 0; p < parts; p++) {
                long len = 1 + rnd.nextInt(1000);
                ThreadRef owner = rnd.nextInt(6) == 0 ? null : threads.get(rnd.nextInt(threads.size()));
                c.addPart(t, t + len, owner, chains.get(rnd.nextInt(5)), 0);
                t += len;
            }
            c.close(parts == 0 ? start + 1 + rnd.nextInt(1000) : t);
            list.add(c);
        }
        return list;
    }

    static String render(ReportNode n, String indent) {
        StringBuilder sb = new StringBuilder(indent + n.key() + " " + n.totalNanos() + " " + n.count() + " "
                + n.distribution() + "\n");
        List<ReportNode> kids = new ArrayList<>(n.children());
        kids.sort((a, b) -> a.key().compareTo(b.key()));
        kids.forEach(k -> sb.append(render(k, indent + "  ")));
        return sb.toString();
    }

    @Test
    void treesEqualTheReportsTreeForEveryAspectOrder() {
        List<Contention> contentions = randomContentions(42, 5_000, 60_000_000_000L);   // 60 s: the axis folds
        TimeAxis axis = new TimeAxis();
        axis.start(START);
        ContentionCube cube = new ContentionCube(axis);
        contentions.forEach(cube::accept);
        assertTrue(axis.widthNanos() > 1_000_000, "the axis folded");
        List<Aspect> all = List.of(Aspect.values());
        Random rnd = new Random(7);
        for (int round = 0; round < 60; round++) {
            List<Aspect> shuffled = new ArrayList<>(all);
            Collections.shuffle(shuffled, rnd);
            List<Aspect> aspects = shuffled.subList(0, 1 + rnd.nextInt(4));
            AggregationTree expected = new AggregationTree(aspects);
            contentions.forEach(expected::accept);
            assertEquals(render(expected.snapshot(), ""),
                    render(cube.tree(aspects, 0, TimeAxis.BUCKETS, false).toReportNode(), ""), aspects.toString());
            assertEquals(render(expected.afterWaitSnapshot(), ""),
                    render(cube.tree(aspects, 0, TimeAxis.BUCKETS, true).toReportNode(), ""),
                    "after wait " + aspects);
        }
    }

    @Test
    void timeRangeSelectsByStart() {
        List<Contention> contentions = randomContentions(3, 2_000, 400_000_000L);   // 0.4 s: 1 ms buckets
        TimeAxis axis = new TimeAxis();
        axis.start(START);
        ContentionCube cube = new ContentionCube(axis);
        contentions.forEach(cube::accept);
        assertEquals(1_000_000, axis.widthNanos());
        long expected = contentions.stream().filter(c -> !c.afterWait())
                .filter(c -> c.start() >= START + 100_000_000L && c.start() < START + 200_000_000L)
                .mapToLong(Contention::nanos).sum();
        assertEquals(expected, cube.tree(List.of(Aspect.THREAD), 100, 200, false).nanos());
    }

    @Test
    void detailOfAnOwnerNodeHasOnlyThatOwnersTime() {
        List<Contention> contentions = randomContentions(5, 3_000, 1_000_000_000L);
        TimeAxis axis = new TimeAxis();
        axis.start(START);
        ContentionCube cube = new ContentionCube(axis);
        contentions.forEach(cube::accept);
        DrillNode root = cube.tree(List.of(Aspect.LOCK, Aspect.OWNER_THREAD, Aspect.CHAIN), 0, TimeAxis.BUCKETS, false);
        DrillNode lock = root.children().get(0);
        DrillNode owner = lock.children().stream().filter(n -> !n.text().startsWith("<")).findFirst().orElseThrow();
        DrillDetail d = cube.detail(owner, 0, TimeAxis.BUCKETS, false);
        assertEquals(owner.nanos(), d.nanos());
        assertEquals(owner.count(), d.count());
        assertEquals(1, d.locks().size());
        assertEquals(lock.keys().iterator().next(), d.locks().get(0).key());
        assertEquals(1, d.ownerThreads().size());
        assertEquals(owner.count(), d.ownerThreads().get(0).count(), "each contention counted once for its owner");
        assertEquals(owner.nanos(), d.chains().stream().mapToLong(DrillDetail.Entry::nanos).sum());
        assertEquals(owner.nanos(), d.ownerChains().stream().mapToLong(DrillDetail.Entry::nanos).sum());
        for (DrillDetail.Entry e : d.ownerChains()) {
            assertTrue(e.count() <= owner.count(), "an owner chain counts each contention once: " + e);
        }
        DrillNode byChain = cube.tree(List.of(Aspect.OWNER_CHAIN), 0, TimeAxis.BUCKETS, false).children().stream()
                .filter(n -> !n.text().startsWith("<")).findFirst().orElseThrow();   // a known chain
        DrillDetail chainDetail = cube.detail(byChain, 0, TimeAxis.BUCKETS, false);
        assertEquals(byChain.count(), chainDetail.ownerChains().get(0).count(),
                "a chain's contentions counted once, however many owners ran it");
        DrillDetail rootDetail = cube.detail(root, 0, TimeAxis.BUCKETS, false);
        for (DrillDetail.Entry e : rootDetail.ownerThreads()) {
            assertTrue(e.count() <= root.count(), "an owner thread counts each contention once: " + e);
        }
        assertEquals(root.nanos(), rootDetail.nanos());
        assertEquals(root.count(), rootDetail.count());
    }
}
