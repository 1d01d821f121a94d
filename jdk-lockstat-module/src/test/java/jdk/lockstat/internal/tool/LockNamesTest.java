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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.lockstat.internal.format.EventBufferBuilder;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.reconstruct.Scenario;

/**
 * Lock names in reports: a LockName event (the VM's reference path from a GC root, written when the trace
 * ends) becomes the lock's key with class@hash beside it, in every format and in lockstat locks; the
 * latest name of a lock wins; a lock contended entering a synchronized method is said to be its receiver.
 */
class LockNamesTest {
    @TempDir
    Path dir;

    private static String flat(String text) {
        return text.replaceAll(" +", " ");
    }

    /** Scenario.twoOwners (lock demo.Lock@1234), with these events in a last buffer. */
    private String twoOwnersWith(String name, java.util.function.Consumer<EventBufferBuilder> last) throws IOException {
        Scenario s = Scenario.twoOwners();
        last.accept(s.buffer(0));
        return s.write(dir, name).toString();
    }

    private static void lockName(EventBufferBuilder b, long hash, long cls, String name) {
        b.event(EventType.LOCK_NAME, Scenario.T0 + 400, hash, cls, 1, 1L, name);
    }

    @Test
    void theNameIsTheLockKeyWithClassAndHashBesideIt() throws IOException {
        String trace = twoOwnersWith("named.lct", b -> {
            lockName(b, 0x1234, Scenario.LOCK_CLASS, "static Registry.OLD");
            lockName(b, 0x1234, Scenario.LOCK_CLASS, "static Registry.LOCK");   // a later search: this one wins
            lockName(b, 0x9999, Scenario.LOCK_CLASS, "static Registry.OTHER");  // never contended: not shown
            b.event(EventType.LOCK_NAME_SEARCH, Scenario.T0 + 401, 5_000_000L, 3L, 2L, 20_000L, 3_000_000L, 0);
        });
        ToolRun text = ToolRun.of("report", "--by", "lock", trace);
        assertTrue(flat(text.out()).contains("100.00% 0.000 ms 2 110 ns 170 ns 170 ns 170 ns static Registry.LOCK (demo.Lock@1234)"),
                text.out());
        assertFalse(text.out().contains("OLD") || text.out().contains("OTHER"), text.out());
        ToolRun json = ToolRun.of("report", "--by", "lock", "--format", "json", trace);
        assertTrue(json.out().contains("\"static Registry.LOCK (demo.Lock@1234)\""), json.out());
        ToolRun locks = ToolRun.of("locks", "--format", "csv", trace);
        assertTrue(locks.out().lines().toList().get(1).startsWith("static Registry.LOCK (demo.Lock@1234),2,2,"), locks.out());
        // The class aspect is the class still.
        ToolRun byClass = ToolRun.of("report", "--by", "lock-class", trace);
        assertTrue(flat(byClass.out()).contains(" demo.Lock\n"), byClass.out());
        ToolRun verify = ToolRun.of("verify", trace);
        assertTrue(verify.status() == 0 && verify.out().contains(": OK"), verify.out() + verify.err());
    }

    @Test
    void withoutANameTheKeyIsClassAtHash() throws IOException {
        String trace = Scenario.twoOwners().write(dir, "plain.lct").toString();
        ToolRun text = ToolRun.of("report", "--by", "lock", trace);
        assertTrue(flat(text.out()).contains("170 ns demo.Lock@1234\n"), text.out());
    }

    /**
     * T2 blocks entering demo.Worker.add, a synchronized instance method (its frame at bci 0): the lock is
     * its receiver. T3 blocks in a synchronized block of an ordinary method (bci 7): says nothing.
     */
    private Path synchronizedMethod(int modifiers, int bci, boolean named) throws IOException {
        Scenario s = new Scenario();
        EventBufferBuilder meta = s.buffer(0);
        for (long t : new long[] {Scenario.T1, Scenario.T2, Scenario.T3}) {
            meta.event(EventType.THREAD_START, Scenario.T0, t, 0, "worker-" + t);
        }
        meta.event(EventType.CLASS, Scenario.LOCK_CLASS, 0L, "demo.Lock");
        meta.event(EventType.CLASS, 0x800L, 0L, "demo.Worker");
        meta.event(EventType.METHOD, 2001L, 0x800L, "add", "()V", (long) modifiers, "Worker.java");
        meta.event(EventType.METHOD, 2002L, 0x800L, "run", "()V", 1L, "Worker.java");
        for (long t : new long[] {Scenario.T1, Scenario.T2, Scenario.T3}) {
            meta.event(EventType.CALL_CHAIN, 100 + t, List.of(new Object[] {t == Scenario.T2 ? 2001L : 2002L,
                    (long) (t == Scenario.T2 ? bci : 7), 10L, 0L}, new Object[] {2002L, 9L, 100L, 0L}));
        }
        EventBufferBuilder b1 = s.buffer(Scenario.T1), b2 = s.buffer(Scenario.T2), b3 = s.buffer(Scenario.T3);
        Scenario.inflate(b1, 50, 0, 0x1234, Scenario.LOCK_CLASS);
        Scenario.enter(b2, 100, 1, Scenario.T2);
        Scenario.enter(b3, 150, 2, Scenario.T3);
        Scenario.exit(b1, 200, 3, Scenario.T1);
        Scenario.entered(b2, 210, 4);
        Scenario.exit(b2, 300, 5, Scenario.T2);
        Scenario.entered(b3, 320, 6);
        if (named) {
            lockName(s.buffer(0), 0x1234, Scenario.LOCK_CLASS, "static Bank.ACCOUNT");
        }
        return s.write(dir, "sync-" + modifiers + "-" + bci + "-" + named + ".lct");
    }

    @Test
    void aLockContendedEnteringASynchronizedMethodIsItsReceiver() throws IOException {
        int publicSynchronized = 0x21, publicStaticSynchronized = 0x29;
        ToolRun instance = ToolRun.of("report", "--by", "lock", synchronizedMethod(publicSynchronized, 0, false).toString());
        assertTrue(instance.out().contains(" this of synchronized demo.Worker.add (demo.Lock@1234)"), instance.out());
        ToolRun both = ToolRun.of("report", "--by", "lock", synchronizedMethod(publicSynchronized, 0, true).toString());
        assertTrue(both.out().contains(" static Bank.ACCOUNT; this of synchronized demo.Worker.add (demo.Lock@1234)"), both.out());
        ToolRun statik = ToolRun.of("report", "--by", "lock", synchronizedMethod(publicStaticSynchronized, 0, false).toString());
        assertTrue(statik.out().contains(" class of static synchronized demo.Worker.add (demo.Lock@1234)"), statik.out());
        // Not at the method's entry, or not synchronized: nothing is said.
        ToolRun inside = ToolRun.of("report", "--by", "lock", synchronizedMethod(publicSynchronized, 4, false).toString());
        assertTrue(inside.out().contains(" demo.Lock@1234\n") && !inside.out().contains("synchronized"), inside.out());
        ToolRun plain = ToolRun.of("report", "--by", "lock", synchronizedMethod(1, 0, false).toString());
        assertTrue(plain.out().contains(" demo.Lock@1234\n") && !plain.out().contains("synchronized"), plain.out());
    }
}
