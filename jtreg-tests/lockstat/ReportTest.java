/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

/*
 * @test
 * @summary lockstat report, flame and locks on a real trace with known ground truth: A holds the lock
 *          1 ms and B 6 ms, so B causes about 86% of the blocked time and A about 14%; the JSON tree
 *          adds up, the flame graph's owner stacks end in holdA/holdB, wake-ups after releases are hand-offs
 *          and less than 0.1% is left to an unknown owner, and the lock table lists the lock.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun MonitorContentionTest
 * @run main/timeout=300 ReportTest
 */
import java.nio.file.Files;
import java.nio.file.Path;

public class ReportTest {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "report").toAbsolutePath();
        Path trace = dir.resolve("ab.lct");
        double expectedB = LockStatRun.expectedHoldBPercent(LockStatRun.java(dir, "-XX:+TraceLockContention",
                "-XX:TraceLockContentionFile=" + trace, "MonitorContentionTest$Workload", "4000").shouldHaveExitValue(0).stdout);
        LockStatRun.verifyOk(trace);

        String json = LockStatRun.lockstat("report", "--by", "owner-method", "--format", "json", trace.toString())
                .shouldHaveExitValue(0).stdout;
        double b = LockStatRun.percentOf(json, "holdB"), a = LockStatRun.percentOf(json, "holdA");
        System.out.println("owner-method: holdB " + b + "%, holdA " + a + "%");
        LockStatRun.check(Math.abs(b - expectedB) <= 5 && Math.abs(a - (100 - expectedB)) <= 5,
                "B ~" + expectedB + "% (its share of the blocked time its holds caused, as the workload measured it), A the rest: " + b + " / " + a);
        LockStatRun.check(b + a > 99, "almost nothing is left without an owner: " + (100 - a - b) + "%");
        // Wake-ups after a release are hand-offs; with no event lost, no time is left to an unknown owner.
        double unknown = LockStatRun.percentOf(json, "<unknown owner>"), handOff = LockStatRun.percentOf(json, "<hand-off>");
        System.out.println("hand-off " + handOff + "%, unknown owner " + unknown + "%");
        LockStatRun.check(unknown < 0.1, "unknown owner below 0.1%: " + unknown + "%");

        LockStatRun.lockstat("report", trace.toString()).shouldHaveExitValue(0)
                .shouldContain("MonitorContentionTest$Shared").shouldContain("holdB(MonitorContentionTest.java:");
        LockStatRun.lockstat("report", "--by", "owner-method", "--format", "csv", trace.toString()).shouldHaveExitValue(0)
                .shouldContain("tree,owner-method,totalNanos,count,percent");
        LockStatRun.lockstat("report", "--by", "nonsense", trace.toString()).shouldHaveExitValue(2).stderr.contains("nonsense");

        String flame = LockStatRun.lockstat("flame", "--owner", trace.toString()).shouldHaveExitValue(0).stdout;
        long stacks = flame.lines().count();
        // By weight: the workload's own lock is nearly all of it (a JDK-internal monitor, such as a
        // Thread's in Thread.start, may add a stack of its own).
        long total = flame.lines().mapToLong(ReportTest::weight).sum();
        long held = flame.lines().filter(l -> l.matches(".*hold[AB][^;]* [0-9]+$")).mapToLong(ReportTest::weight).sum();
        System.out.println("flame --owner: " + stacks + " stacks, " + (100.0 * held / total) + "% of the time in holdA/holdB");
        LockStatRun.check(stacks > 0 && held >= total * 99 / 100, "owner stacks end in the holding methods: " + flame);

        LockStatRun.lockstat("locks", trace.toString()).shouldHaveExitValue(0).shouldContain("MonitorContentionTest$Shared");
    }

    static long weight(String collapsedLine) {
        return Long.parseLong(collapsedLine.substring(collapsedLine.lastIndexOf(' ') + 1));
    }

}
