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

package jdk.lockstat.internal.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * One rule for the locking mechanism's frames in every command: chains start at their first frame outside
 * it, and chains that differ only in those frames are one key; --all-frames (before the command or among
 * its options) shows them all. On Scenario.reentrantLock: T2 and T3 park in Shop.buy behind Unsafe.park,
 * LockSupport.park, AQS.acquire, ReentrantLock$NonfairSync.lock and ReentrantLock.lock; T1 and T2 unlock
 * in Shop.sell behind Unsafe.unpark, LockSupport.unpark, AQS.signalNext (line 645 or 650: two chains),
 * AQS.release and ReentrantLock.unlock.
 */
class MechanismFramesTest {
    static final String AQS = "java.util.concurrent.locks.AbstractQueuedSynchronizer";
    static final String BUY = "demo.Shop.buy(Shop.java:20) <- demo.Shop.run(Shop.java:50)";
    static final String SELL = "demo.Shop.sell(Shop.java:31) <- demo.Shop.run(Shop.java:51)";
    static final String PARK = "jdk.internal.misc.Unsafe.park(Native Method) <- java.util.concurrent.locks.LockSupport.park(LockSupport.java:221) <- "
            + AQS + ".acquire(AbstractQueuedSynchronizer.java:754) <- java.util.concurrent.locks.ReentrantLock$NonfairSync.lock(ReentrantLock.java:153) <- "
            + "java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322) <- " + BUY;

    static String unpark(int signalNextLine) {
        return "jdk.internal.misc.Unsafe.unpark(Native Method) <- java.util.concurrent.locks.LockSupport.unpark(LockSupport.java:177) <- "
                + AQS + ".signalNext(AbstractQueuedSynchronizer.java:" + signalNextLine + ") <- " + AQS + ".release(AbstractQueuedSynchronizer.java:1007) <- "
                + "java.util.concurrent.locks.ReentrantLock.unlock(ReentrantLock.java:494) <- " + SELL;
    }

    @TempDir
    Path dir;

    private String trace() throws IOException {
        return Scenario.reentrantLock().write(dir, "reentrant.lct").toString();
    }

    private static List<String> csv(String... args) {
        ToolRun r = ToolRun.of(args);
        assertEquals(0, r.status(), r.err());
        return r.out().lines().toList();
    }

    @Test
    void ownerChainsStartAtTheApplicationAndMergeWhenOnlyMechanismFramesDiffer() throws IOException {
        String t = trace();
        assertEquals(List.of("tree,owner-chain,totalNanos,count,percent,p50Nanos,p90Nanos,p99Nanos,maxNanos",
                "contention,,220,2,100.0000,110,110,110,110",
                "contention," + SELL + ",200,2,90.9091,100,100,100,100",
                "contention,<hand-off>,20,2,9.0909,10,10,10,10"),
                csv("report", "--by", "owner-chain", "--format", "csv", t));
        List<String> all = List.of("tree,owner-chain,totalNanos,count,percent,p50Nanos,p90Nanos,p99Nanos,maxNanos",
                "contention,,220,2,100.0000,110,110,110,110",
                "contention," + unpark(645) + ",100,1,45.4545,100,100,100,100",
                "contention," + unpark(650) + ",100,1,45.4545,100,100,100,100",
                "contention,<hand-off>,20,2,9.0909,10,10,10,10");
        assertEquals(all, csv("report", "--by", "owner-chain", "--format", "csv", "--all-frames", t));
        assertEquals(all, csv("--all-frames", "report", "--by", "owner-chain", "--format", "csv", t), "the global position");
    }

    @Test
    void blockedChainAndMethodAspectsFollowTheSameRule() throws IOException {
        String t = trace();
        assertEquals(List.of("tree,chain,owner-method,totalNanos,count,percent,p50Nanos,p90Nanos,p99Nanos,maxNanos",
                "contention,,,220,2,100.0000,110,110,110,110",
                "contention," + BUY + ",,220,2,100.0000,110,110,110,110",
                "contention," + BUY + ",demo.Shop.sell,200,2,90.9091,100,100,100,100",
                "contention," + BUY + ",<hand-off>,20,2,9.0909,10,10,10,10"),
                csv("report", "--by", "chain,owner-method", "--format", "csv", t));
        assertEquals(List.of("tree,method,owner-method,totalNanos,count,percent,p50Nanos,p90Nanos,p99Nanos,maxNanos",
                "contention,,,220,2,100.0000,110,110,110,110",
                "contention,jdk.internal.misc.Unsafe.park,,220,2,100.0000,110,110,110,110",
                "contention,jdk.internal.misc.Unsafe.park,jdk.internal.misc.Unsafe.unpark,200,2,90.9091,100,100,100,100",
                "contention,jdk.internal.misc.Unsafe.park,<hand-off>,20,2,9.0909,10,10,10,10"),
                csv("report", "--by", "method,owner-method", "--format", "csv", "--all-frames", t));
        assertEquals("contention," + PARK + ",220,2,100.0000,110,110,110,110",
                csv("report", "--by", "chain", "--format", "csv", "--all-frames", t).get(2));
    }

    @Test
    void textAndJsonKeys() throws IOException {
        String t = trace();
        ToolRun text = ToolRun.of("report", t);
        assertEquals(0, text.status(), text.err());
        // a chain row: its innermost frame (with how many more), then its callers one per line
        assertTrue(text.out().contains("    demo.Shop.sell(Shop.java:31) [+1]\n"), text.out());
        assertTrue(text.out().contains("    at demo.Shop.run(Shop.java:51)\n"), text.out());
        assertTrue(text.out().contains("  java.util.concurrent.locks.ReentrantLock$NonfairSync\n"), text.out());
        assertTrue(!text.out().contains("Unsafe") && !text.out().contains("LockSupport") && !text.out().contains("AbstractQueued"),
                text.out());
        ToolRun allText = ToolRun.of("report", "--all-frames", t);
        // two chains that share their two innermost frames: each label names the first frame that differs
        for (int line : new int[] {645, 650}) {
            assertTrue(allText.out().contains("    jdk.internal.misc.Unsafe.unpark(Native Method) <- \u20261 shared\u2026 <- " + AQS
                    + ".signalNext(AbstractQueuedSynchronizer.java:" + line + ") [+4]\n"), allText.out());
        }
        assertTrue(allText.out().contains("    at java.util.concurrent.locks.LockSupport.unpark(LockSupport.java:177)\n"), allText.out());

        ToolRun json = ToolRun.of("report", "--by", "owner-chain", "--format", "json", t);
        assertTrue(json.out().contains("{\"key\": \"" + SELL + "\", \"totalNanos\": 200, \"count\": 2,"), json.out());
        ToolRun allJson = ToolRun.of("report", "--by", "owner-chain", "--format", "json", "--all-frames", t);
        assertTrue(allJson.out().contains("{\"key\": \"" + unpark(650) + "\", \"totalNanos\": 100, \"count\": 1,"), allJson.out());
    }

    @Test
    void flameStacksAndLocksFollowTheRule() throws IOException {
        String t = trace();
        assertEquals(List.of("demo.Shop.run;demo.Shop.buy 220"), csv("flame", t));
        assertEquals(List.of("<hand-off> 20", "demo.Shop.run;demo.Shop.sell 200"), csv("flame", "--owner", t));
        assertEquals(List.of("demo.Shop.run;demo.Shop.buy;java.util.concurrent.locks.ReentrantLock.lock;"
                + "java.util.concurrent.locks.ReentrantLock$NonfairSync.lock;" + AQS + ".acquire;"
                + "java.util.concurrent.locks.LockSupport.park;jdk.internal.misc.Unsafe.park 220"), csv("--all-frames", "flame", t));
        assertEquals(List.of("<hand-off> 20", "demo.Shop.run;demo.Shop.sell;java.util.concurrent.locks.ReentrantLock.unlock;"
                + AQS + ".release;" + AQS + ".signalNext;java.util.concurrent.locks.LockSupport.unpark;jdk.internal.misc.Unsafe.unpark 200"),
                csv("flame", "--owner", "--all-frames", t));

        ToolRun locks = ToolRun.of("locks", t);
        assertTrue(locks.out().contains("first blocked: worker-12 #12 at demo.Shop.buy(Shop.java:20)\n"), locks.out());
        ToolRun allLocks = ToolRun.of("locks", "--all-frames", t);
        assertTrue(allLocks.out().contains("first blocked: worker-12 #12 at jdk.internal.misc.Unsafe.park(Native Method)\n"), allLocks.out());
        assertTrue(csv("locks", "--format", "csv", t).get(1).endsWith(",worker-12 #12," + BUY), "CSV firstChain");
    }

    @Test
    void commandsWithoutChainsRefuseTheOptionAfterTheirName() throws IOException {
        String t = trace();
        ToolRun print = ToolRun.of("print", "--all-frames", t);
        assertEquals(2, print.status(), print.err());
        assertTrue(print.err().contains("unknown option --all-frames"), print.err());
        ToolRun global = ToolRun.of("--all-frames", "summary", t);
        assertEquals(0, global.status(), global.err());
        ToolRun alone = ToolRun.of("--all-frames");
        assertEquals(2, alone.status());
        assertTrue(alone.err().startsWith("Usage: lockstat [--all-frames] <command>"), alone.err());
    }
}
