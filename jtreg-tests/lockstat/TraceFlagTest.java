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
 * @summary -XX:+TraceLockContention writes a trace that lockstat verifies and summarizes; the flag off
 *          leaves no file and no tracing thread; -version names LockStat; uncompressed mode works;
 *          -Xlog:lockstat logs start and stop, and nothing is logged under the tag without it.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 TraceFlagTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

public class TraceFlagTest {
    /** Child: starts and ends a named thread, reports whether a LockStat thread is running. */
    public static class Child {
        public static void main(String[] args) throws Exception {
            Thread t = new Thread(() -> { }, "worker-for-trace-test");
            t.start();
            t.join();
            boolean drain = Thread.getAllStackTraces().keySet().stream().anyMatch(x -> x.getName().startsWith("LockStat"));
            System.out.println("lockstat-thread-running=" + drain);
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "flag").toAbsolutePath();

        // -version names LockStat and leaves a valid trace with thread start events.
        Path versionTrace = dir.resolve("version.lct");
        LockStatRun v = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + versionTrace, "-version");
        v.shouldHaveExitValue(0).shouldContain("LockStat");
        LockStatRun.check(Files.size(versionTrace) > 0, "trace written");
        LockStatRun.verifyOk(versionTrace);
        LockStatRun.lockstat("summary", versionTrace.toString()).shouldHaveExitValue(0)
                .shouldContain("complete").shouldContain("Process id:   " + v.pid).shouldContain("ThreadStart")
                .shouldContain("\"main\"").shouldContain("-XX:TraceLockContention=true")
                .shouldContain("Snappy framing");

        // A program's own thread appears as started and ended, in the JSON summary as well.
        Path trace = dir.resolve("child.lct");
        // Without -Xlog:lockstat the VM logs nothing under the tag.
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace, "TraceFlagTest$Child")
                .shouldHaveExitValue(0).shouldContain("lockstat-thread-running=true").shouldNotContain("[lockstat]");
        LockStatRun.verifyOk(trace);
        LockStatRun s = LockStatRun.lockstat("summary", "--format", "json", trace.toString()).shouldHaveExitValue(0);
        s.shouldContain("\"name\": \"worker-for-trace-test\", \"virtual\": false, \"daemon\": false, \"ended\": true");
        s.shouldContain("\"complete\": true");

        // With it, the VM logs its start and stop under its own tag.
        Path logged = dir.resolve("logged.lct");
        LockStatRun.java(dir, "-Xlog:lockstat=info", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + logged,
                "TraceFlagTest$Child").shouldHaveExitValue(0)
                .shouldContain("[lockstat] tracing started with the VM").shouldContain("[lockstat] tracing stopped");

        // Uncompressed: the file starts with the magic itself.
        Path plain = dir.resolve("plain.lct");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:-TraceLockContentionCompress",
                "-XX:TraceLockContentionFile=" + plain, "TraceFlagTest$Child").shouldHaveExitValue(0);
        LockStatRun.check(new String(Files.readAllBytes(plain), 0, 8).equals("LockStat"), "uncompressed magic");
        LockStatRun.verifyOk(plain);
        LockStatRun.lockstat("print", plain.toString()).shouldHaveExitValue(0)
                .shouldContain("ThreadStart").shouldContain("name=\"worker-for-trace-test\"").shouldContain("ThreadEnd");

        // Flag off (default and explicit): no file, no LockStat thread.
        Path offDir = Files.createTempDirectory(Path.of("."), "off").toAbsolutePath();
        LockStatRun.java(offDir, "TraceFlagTest$Child").shouldHaveExitValue(0).shouldContain("lockstat-thread-running=false");
        LockStatRun.java(offDir, "-XX:-TraceLockContention", "TraceFlagTest$Child").shouldHaveExitValue(0)
                .shouldContain("lockstat-thread-running=false").shouldNotContain("LockStat: warning");
        try (Stream<Path> files = Files.list(offDir)) {
            LockStatRun.check(files.noneMatch(p -> p.toString().endsWith(".lct")), "no trace without the flag");
        }
    }
}
