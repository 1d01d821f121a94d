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

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.query.ContentionSummary;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.LockRef;
import jdk.lockstat.internal.model.ThreadRef;
import jdk.lockstat.internal.model.Unknown;

/**
 * Which durations reach which node: once per contention with time in it, what the contention gave it (the
 * whole blocked interval above owner-side aspects, the owner's parts summed below one); the online
 * summary agrees with the report.
 */
class NodeDistributionTest {
    private static final long T = 1_000_000L;

    private static ThreadRef thread(long id) {
        ThreadRef t = new ThreadRef(id);
        t.started("t" + id, false, false);
        return t;
    }

    private static Map<String, ReportNode> byKey(ReportNode n) {
        return n.children().stream().collect(Collectors.toMap(ReportNode::key, Function.identity()));
    }

    @Test
    void ownerNodesGetTheirShareOncePerContention() {
        ClassRef cls = new ClassRef(1);
        cls.define("demo.Lock", 0);
        LockRef lock = LockRef.of(cls, 0x11, 0);
        ThreadRef blocked = thread(1), a = thread(2), b = thread(3);
        // 1,000 ns: A 300, B 500, A again 100, unknown 100. Then 50 ns, all A.
        Contention split = new Contention(Contention.Kind.INTRINSIC, lock, blocked, null, false, T);
        split.addPart(T, T + 300, a, null, 0);
        split.addPart(T + 300, T + 800, b, null, 0);
        split.addPart(T + 800, T + 900, a, null, 0);
        split.addPart(T + 900, T + 1_000, null, null, 0);
        split.close(T + 1_000);
        Contention small = new Contention(Contention.Kind.INTRINSIC, lock, blocked, null, false, T + 2_000);
        small.addPart(T + 2_000, T + 2_050, a, null, 0);
        small.close(T + 2_050);

        AggregationTree tree = new AggregationTree(List.of(Aspect.OWNER_THREAD, Aspect.LOCK));
        tree.accept(split);
        tree.accept(small);
        ReportNode root = tree.snapshot();
        assertEquals(new DurationDistribution(2, 50, 1_000, 1_000, 1_000), root.distribution());
        Map<String, ReportNode> owners = byKey(root);
        ReportNode ownerA = owners.get(a.toString());
        assertEquals(450, ownerA.totalNanos(), "A's share of the time");
        assertEquals(new DurationDistribution(2, 50, 400, 400, 400), ownerA.distribution(),
                "the split contention once, with A's two parts summed (300 + 100 ns)");
        assertEquals(new DurationDistribution(1, 500, 500, 500, 500), owners.get(b.toString()).distribution());
        assertEquals(new DurationDistribution(1, 100, 100, 100, 100),
                owners.get(Unknown.OWNER.toString()).distribution());
        assertEquals(ownerA.distribution(), ownerA.children().get(0).distribution(), "the split carries on below");
        for (ReportNode n : List.of(root, ownerA, owners.get(b.toString()))) {
            assertEquals(n.count(), n.distribution().count(), "one duration per contention counted: " + n.key());
        }
    }

    @Test
    void onlineSummaryHasTheReportsDistributionsOnBlockedSideAspects() {
        List<Contention> contentions = ContentionCubeTest.randomContentions(9, 3_000, 10_000_000_000L);
        ContentionSummary summary = new ContentionSummary();
        contentions.forEach(summary::accept);
        for (String by : List.of("lock", "lock-class,thread", "group,chain,method")) {
            List<Aspect> aspects = Aspect.parseList(by);
            AggregationTree tree = new AggregationTree(aspects);
            contentions.forEach(tree::accept);
            ReportNode[] online = summary.report(aspects);
            assertEquals(ContentionCubeTest.render(tree.snapshot(), ""), ContentionCubeTest.render(online[0], ""), by);
            assertEquals(ContentionCubeTest.render(tree.afterWaitSnapshot(), ""), ContentionCubeTest.render(online[1], ""), by);
        }
        // Owner-side: where owner (thread, chain) pairs merge, a contention may give one duration per pair.
        List<Aspect> aspects = Aspect.parseList("lock,owner-method");
        AggregationTree tree = new AggregationTree(aspects);
        contentions.forEach(tree::accept);
        ReportNode exact = tree.snapshot(), online = summary.report(aspects)[0];
        assertEquals(exact.distribution(), online.distribution());
        for (ReportNode lock : online.children()) {
            for (ReportNode owner : lock.children()) {
                assertTrue(owner.distribution().count() >= owner.count(), owner.key());
                assertTrue(owner.distribution().maxNanos() <= lock.distribution().maxNanos(), owner.key());
            }
        }
    }
}
