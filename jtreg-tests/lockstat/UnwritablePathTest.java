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
 * @summary A trace path that cannot be written (missing directory, a directory, a symbolic link) leaves the
 *          application running, with one warning, and nothing else touched.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 UnwritablePathTest
 */
import java.nio.file.Files;
import java.nio.file.Path;

public class UnwritablePathTest {
    public static class Child {
        public static void main(String[] args) throws Exception {
            Object lock = new Object();
            Thread[] ts = new Thread[4];
            for (int i = 0; i < ts.length; i++) {
                ts[i] = new Thread(() -> {
                    for (int j = 0; j < 2000; j++) {
                        synchronized (lock) {
                            Thread.onSpinWait();
                        }
                    }
                });
                ts[i].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            System.out.println("application-finished");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "unwritable").toAbsolutePath();
        LockStatRun r = LockStatRun.java(dir, "-XX:+TraceLockContention",
                "-XX:TraceLockContentionFile=/nonexistent-lockstat-dir/sub/x.lct", "UnwritablePathTest$Child");
        r.shouldHaveExitValue(0).shouldContain("application-finished")
         .shouldContain("cannot write trace file /nonexistent-lockstat-dir/sub/x.lct");
        LockStatRun.check(r.count("LockStat: warning") == 1, "exactly one warning");

        // A directory as the trace path: same, and the directory (even an empty one) is left alone.
        Path emptyDir = Files.createDirectory(dir.resolve("empty-dir"));
        LockStatRun d = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + emptyDir,
                "UnwritablePathTest$Child");
        d.shouldHaveExitValue(0).shouldContain("application-finished").shouldContain("it is a directory");
        LockStatRun.check(d.count("LockStat: warning") == 1, "exactly one warning");
        LockStatRun.check(Files.isDirectory(emptyDir), "the directory must survive");

        // An existing file is replaced by the trace (truncated, not appended to), owner-only.
        Path existing = Files.writeString(dir.resolve("existing.lct"), "x".repeat(100_000));
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + existing, "UnwritablePathTest$Child")
                .shouldHaveExitValue(0).shouldNotContain("LockStat: warning");
        LockStatRun.verifyOk(existing);

        // A symbolic link is not followed: the file it points to keeps its contents.
        Path victim = Files.writeString(dir.resolve("victim.txt"), "keep me");
        Path link = Files.createSymbolicLink(dir.resolve("link.lct"), victim);
        LockStatRun l = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + link,
                "UnwritablePathTest$Child");
        l.shouldHaveExitValue(0).shouldContain("application-finished").shouldContain("symbolic link");
        LockStatRun.check(l.count("LockStat: warning") == 1, "exactly one warning");
        LockStatRun.check(Files.readString(victim).equals("keep me"), "the link's target must be left alone");
    }
}
