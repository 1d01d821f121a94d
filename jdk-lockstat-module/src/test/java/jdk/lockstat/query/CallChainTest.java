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
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.model.ClassRef;
import jdk.lockstat.internal.model.Frame;
import jdk.lockstat.internal.model.MethodRef;
import jdk.lockstat.internal.model.Unknown;
import jdk.lockstat.internal.reconstruct.Scenario;

/** The one rule for the locking mechanism's frames, as the model keeps it and CallChain exposes it. */
class CallChainTest {
    private static MethodRef method(long id, String cls, String name, String file) {
        ClassRef c = new ClassRef(id + 1000);
        c.define(cls, 0);
        MethodRef m = new MethodRef(id);
        m.define(c, name, "()V", file);
        return m;
    }

    private static ChainRef chain(long id, Frame... frames) {
        ChainRef c = new ChainRef(id);
        c.define(List.of(frames));
        return c;
    }

    private static final Frame PARK = new Frame(method(1, "jdk.internal.misc.Unsafe", "park", "Unsafe.java"), -1, -1, true);
    private static final Frame LOCK_SUPPORT = new Frame(method(2, "java.util.concurrent.locks.LockSupport", "park", "LockSupport.java"), 14, 221, false);
    private static final Frame LOCK = new Frame(method(3, "java.util.concurrent.locks.ReentrantLock", "lock", "ReentrantLock.java"), 4, 322, false);
    private static final Frame VIRTUAL_PARK = new Frame(method(4, "java.lang.VirtualThread", "park", "VirtualThread.java"), 1, 800, false);
    private static final Frame NATIVE = new Frame(method(5, "jdk.lockstat.internal.recorder.LockStatVM", "takeBuffer", "LockStatVM.java"), -1, -1, true);
    private static final Frame SEMAPHORE = new Frame(method(6, "java.util.concurrent.Semaphore", "acquire", "Semaphore.java"), 3, 318, false);
    private static final Frame STAMPED = new Frame(method(7, "java.util.concurrent.locks.StampedLock", "writeLock", "StampedLock.java"), 3, 500, false);
    private static final Frame BUY = new Frame(method(8, "demo.Shop", "buy", "Shop.java"), 6, 20, false);
    private static final Frame RUN = new Frame(method(9, "demo.Shop", "run", "Shop.java"), 3, 50, false);

    @Test
    void chainsStartAtTheFirstFrameOutsideTheMechanism() {
        ChainRef c = chain(5, PARK, LOCK_SUPPORT, LOCK, BUY, RUN);
        assertEquals(3, c.mechanismFrames());
        assertEquals(List.of(BUY, RUN), c.frames(false));
        assertEquals(List.of(PARK, LOCK_SUPPORT, LOCK, BUY, RUN), c.frames(true));
        assertEquals("demo.Shop.buy", c.topMethod().toString());
        assertEquals("jdk.internal.misc.Unsafe.park", c.topMethod(true).toString());
        assertEquals("demo.Shop.buy(Shop.java:20) <- demo.Shop.run(Shop.java:50)", c.text(false));
        assertEquals("jdk.internal.misc.Unsafe.park(Native Method) <- java.util.concurrent.locks.LockSupport.park(LockSupport.java:221) <- "
                + "java.util.concurrent.locks.ReentrantLock.lock(ReentrantLock.java:322) <- demo.Shop.buy(Shop.java:20) <- demo.Shop.run(Shop.java:50)",
                c.toString());

        CallChain cc = CallChain.of(c);
        assertEquals(3, cc.mechanismFrames());
        assertEquals(List.of("demo.Shop.buy(Shop.java:20)", "demo.Shop.run(Shop.java:50)"), cc.applicationFrames());
        assertEquals(cc.applicationFrames(), cc.frames(false));
        assertEquals(5, cc.frames(true).size());
        assertEquals(c.text(false), cc.text(false));
        assertEquals(c.text(true), cc.text(true));
        assertEquals(c.text(false), CallChain.keyText(c, false));
        assertEquals(c.text(true), CallChain.keyText(c, true));
    }

    @Test
    void everyMechanismIsLookedPast() {
        for (Frame top : List.of(VIRTUAL_PARK, NATIVE, SEMAPHORE, STAMPED)) {
            assertEquals(List.of(BUY, RUN), chain(6, top, BUY, RUN).frames(false), top.toString());
        }
        assertEquals(0, chain(7, BUY, PARK, RUN).mechanismFrames(), "only leading frames are the mechanism's");
    }

    @Test
    void aChainOfMechanismFramesOnlyIsKeptWhole() {
        ChainRef c = chain(8, PARK, LOCK_SUPPORT, VIRTUAL_PARK);
        assertEquals(0, c.mechanismFrames());
        assertEquals(c.frames(true), c.frames(false));
        assertEquals("jdk.internal.misc.Unsafe.park", c.topMethod().toString());
    }

    @Test
    void unknownChainsAndOtherKeys() {
        ChainRef unknown = new ChainRef(0x5a);
        assertNull(CallChain.of(unknown));
        assertEquals(0, unknown.mechanismFrames());
        assertNull(unknown.frames(false));
        assertEquals("<unknown chain 0x5a>", CallChain.keyText(unknown, false));
        assertEquals("<unknown owner>", CallChain.keyText(Unknown.OWNER, false));
        assertEquals("demo.Shop.buy", CallChain.keyText(BUY.method(), false));
        assertEquals("<empty chain>", chain(9).text(false));
    }

    /** A method whose metadata comes after the chain's is decided when it comes (nothing kept before). */
    @Test
    void lateMethodMetadataIsTakenIntoAccount() {
        MethodRef late = new MethodRef(77);
        ChainRef c = chain(10, new Frame(late, 1, 1, false), BUY);
        assertEquals(0, c.mechanismFrames());
        ClassRef support = new ClassRef(78);
        support.define("java.util.concurrent.locks.LockSupport", 0);
        late.define(support, "unpark", "(Ljava/lang/Thread;)V", "LockSupport.java");
        assertEquals(1, c.mechanismFrames());
        assertEquals("demo.Shop.buy(Shop.java:20)", c.text(false));
    }

    /** The viewer's trees follow the rule too: chains that differ only in mechanism frames are one node. */
    @Test
    void drillTreesMergeChainsThatDifferOnlyInMechanismFrames(@TempDir Path dir) throws Exception {
        TraceModel m = TraceModel.of(Scenario.reentrantLock().write(dir, "reentrant.lct")).load((read, total, events) -> { });
        DrillNode root = m.cube().tree(List.of(Aspect.OWNER_CHAIN), 0, TimeAxis.BUCKETS, false);
        assertEquals(List.of("demo.Shop.sell(Shop.java:31) <- demo.Shop.run(Shop.java:51)", "<hand-off>"),
                root.children().stream().map(DrillNode::text).toList());
        DrillNode sell = root.children().get(0);
        assertEquals(2, sell.keys().size(), "both chains are behind the node");
        assertEquals(200, sell.nanos());
        for (Object key : sell.keys()) {
            assertEquals(5, CallChain.of(key).mechanismFrames());
        }
    }
}
