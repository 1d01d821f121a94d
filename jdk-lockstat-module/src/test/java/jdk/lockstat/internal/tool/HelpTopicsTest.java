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

import java.util.List;

import jdk.lockstat.internal.model.OwnerState;
import jdk.lockstat.query.Aspect;
import org.junit.jupiter.api.Test;

/**
 * lockstat help TOPIC and CMD --help (issue 41 items 7 and 8): an installed JDK explains every aspect and
 * every column it prints without the repository's docs. The lists come from the code, so a new aspect or
 * column without its explanation fails here.
 */
class HelpTopicsTest {
    private static final List<String> COMMANDS = List.of("summary", "print", "verify", "report", "flame", "export",
            "locks", "bottle");

    @Test
    void aspectsTopicExplainsEveryAspect() {
        ToolRun r = ToolRun.of("help", "aspects");
        assertEquals(0, r.status(), r.err());
        for (Aspect a : Aspect.values()) {
            assertTrue(r.out().contains(a.displayName()), a.displayName() + " in\n" + r.out());
        }
    }

    @Test
    void locksTopicExplainsEveryColumn() {
        ToolRun r = ToolRun.of("help", "locks");
        assertEquals(0, r.status(), r.err());
        for (String column : LocksCommand.COLUMNS) {
            assertTrue(r.out().contains(column), column + " in\n" + r.out());
        }
        for (String header : List.of("times", "peak", "thread ms", "real ms", "avg blk ms", "avg hold ms", "now",
                "%real", "%thread", "%r-life", "%t-life")) {
            assertTrue(r.out().contains("  " + header + " "), header + " in\n" + r.out());
        }
        assertTrue(r.out().contains("the contended real time per hand-over"), r.out());
    }

    @Test
    void ownersTopicNamesTheKeysWithoutAnOwner() {
        ToolRun r = ToolRun.of("help", "owners");
        assertEquals(0, r.status(), r.err());
        for (String s : List.of("<hand-off>", "<unknown owner>")) {
            assertTrue(r.out().contains(s), s + " in\n" + r.out());
        }
        for (OwnerState s : OwnerState.values()) {
            assertTrue(r.out().contains("  " + s + " "), s + " in\n" + r.out());
        }
    }

    @Test
    void everyCommandTakesHelp() {
        for (String c : COMMANDS) {
            ToolRun r = ToolRun.of(c, "--help");
            assertEquals(0, r.status(), c + ": " + r.err());
            assertTrue(r.out().startsWith("usage: lockstat " + c + " "), r.out());
            assertTrue(r.out().contains("lockstat help") || r.out().contains("\n\n"), r.out());
        }
        ToolRun locks = ToolRun.of("locks", "-h");
        assertTrue(locks.out().contains("avgHoldNanos") && locks.out().contains("%t-life"), locks.out());
        ToolRun report = ToolRun.of("report", "--help");
        for (String column : List.of("  percent ", "  blocked ", "  count ", "  p50, p90, p99, max\n", "  key ")) {
            assertTrue(report.out().contains(column), column + " in\n" + report.out());
        }
        ToolRun bottle = ToolRun.of("bottle", "--help");
        assertTrue(bottle.out().contains("runnableNanos") && bottle.out().contains("parallelism"), bottle.out());
    }

    @Test
    void usageListsTheTopics() {
        ToolRun r = ToolRun.of("help");
        assertTrue(r.out().contains("(topics: parks, aspects, report, owners, locks, bottle, whatif, diff, sampling)"), r.out());
    }
}
