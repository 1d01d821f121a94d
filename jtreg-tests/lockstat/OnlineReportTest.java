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
 * @summary Online mode (paper 3.1/5.3): -XX:TraceLockContentionReport=FILE analyzes contention while
 *          the application runs, with no trace file, and writes the report at exit (A holds the lock
 *          1 ms, B 6 ms: B causes about 86% of the blocked time); jcmd LockStat.report prints the
 *          report so far from a running VM; with a trace file beside it, the report at exit equals
 *          lockstat report --format json of that trace, node for node (one engine); a VM without
 *          tracing answers that online analysis is off;
 *          a bad file name is rejected at start.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun MonitorContentionTest
 * @run main/timeout=300 OnlineReportTest
 */
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

public class OnlineReportTest {
    /** Runs the contended workload until stdin closes, printing a first line when it is under way. */
    public static class LongWorkload {
        public static void main(String[] args) throws Exception {
            Thread workload = new Thread(() -> {
                try {
                    MonitorContentionTest.Workload.main(new String[] {"600000"});
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            workload.setDaemon(true);
            workload.start();
            Thread.sleep(1500);
            System.out.println("running");
            System.out.flush();
            System.in.read();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "online").toAbsolutePath();

        // 1. Report at exit, no trace file.
        Path report = dir.resolve("report-%p.json");
        LockStatRun r = LockStatRun.java(dir, "-XX:TraceLockContentionReport=" + report,
                "-XX:TraceLockContentionFile=" + dir.resolve("unexpected.lct"),
                "MonitorContentionTest$Workload", "2000").shouldHaveExitValue(0).shouldContain("workload-done");
        Path written = dir.resolve("report-" + r.pid + ".json");
        LockStatRun.check(Files.exists(written), "report written at exit: " + written);
        LockStatRun.check(!Files.exists(dir.resolve("unexpected.lct")), "no trace file without -XX:+TraceLockContention");
        String json = Files.readString(written, StandardCharsets.UTF_8);
        System.out.println(json.length() > 4000 ? json.substring(0, 4000) : json);
        double b = LockStatRun.percentOf(json, "holdB"), a = LockStatRun.percentOf(json, "holdA");
        System.out.println("holdB " + b + "%, holdA " + a + "%");
        double expectedB = LockStatRun.expectedHoldBPercent(r.stdout);
        LockStatRun.check(Math.abs(b - expectedB) <= 5 && Math.abs(a - (100 - expectedB)) <= 5,
                "owner shares B ~" + expectedB + "% (its share of the blocked time its holds caused, as the workload measured it), A the rest: " + b + " / " + a);

        // 2. On demand from a running VM, next to a trace file.
        Path trace = dir.resolve("both.lct");
        Process p = LockStatRun.startJava("running", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "-XX:TraceLockContentionReport=" + dir.resolve("both.json"), "OnlineReportTest$LongWorkload");
        try {
            LockStatRun j = LockStatRun.run(dir, LockStatRun.jcmd(p.pid(), "LockStat.report", "by=owner-method"));
            j.shouldHaveExitValue(0).shouldContain("holdB").shouldContain("holdA");
        } finally {
            p.getOutputStream().close();
            LockStatRun.check(p.waitFor() == 0, "workload ended normally");
        }
        LockStatRun.verifyOk(trace);
        LockStatRun.check(Files.readString(dir.resolve("both.json")).contains("holdB"), "report at exit too");
        // One engine: the online report at exit is the report of the trace written beside it, node for node.
        String online = trees(Files.readString(dir.resolve("both.json"), StandardCharsets.UTF_8));
        String offline = trees(LockStatRun.lockstat("report", "--format", "json", trace.toString())
                .shouldHaveExitValue(0).stdout);
        if (!online.equals(offline)) {
            System.out.println("online:\n" + online + "\noffline:\n" + offline);
        }
        LockStatRun.check(online.equals(offline), "the online report equals lockstat report --format json of the trace");

        // 3. A VM without tracing.
        Process plain = LockStatRun.startJava("running", "OnlineReportTest$LongWorkload");
        try {
            LockStatRun.run(dir, LockStatRun.jcmd(plain.pid(), "LockStat.report"))
                    .shouldHaveExitValue(0).shouldContain("tracing is off");
        } finally {
            plain.getOutputStream().close();
            plain.waitFor();
        }

        // 4. A bad report file name.
        LockStatRun.java(dir, "-XX:TraceLockContentionReport=bad%q", "-version")
                .shouldHaveExitValue(1).shouldContain("Invalid -XX:TraceLockContentionReport=bad%q");
        try (Stream<Path> files = Files.list(dir)) {
            System.out.println("files: " + files.toList());
        }
    }

    /** A JSON report's trees (contention and after-wait), without what names the source. */
    static String trees(String json) {
        int from = json.indexOf("\"contention\":");
        LockStatRun.check(from > 0, "a JSON report: " + json);
        return json.substring(from).trim();
    }
}
