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
 * @summary A traced VM killed with SIGKILL leaves a trace that is readable up to the drain's last
 *          flush: after a safepoint (which queues every thread's buffer) and a drain period, the
 *          contention so far and the threads are in the file; lockstat verify names the missing end.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 KillDashNineTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

public class KillDashNineTest {
    public static class Workload {
        static final Object LOCK = new Object();

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 4; i++) {
                Thread t = new Thread(() -> {
                    while (true) {
                        synchronized (LOCK) {
                            try {
                                Thread.sleep(1);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    }
                });
                t.setDaemon(true);
                t.start();
            }
            Thread.sleep(1_000);   // contention
            System.gc();           // a safepoint: every thread's buffer goes to the drain
            Thread.sleep(500);     // several drain periods
            System.out.println("flushed");
            System.out.flush();
            Thread.sleep(600_000);
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "kill9").toAbsolutePath();
        Path trace = dir.resolve("killed.lct");
        Process p = LockStatRun.startJava("flushed", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "KillDashNineTest$Workload");
        p.destroyForcibly();   // SIGKILL: no shutdown hook runs
        LockStatRun.check(p.waitFor(60, TimeUnit.SECONDS), "child killed");

        LockStatRun v = LockStatRun.lockstat("verify", trace.toString()).shouldHaveExitValue(1);
        LockStatRun.check(v.stdout.contains("no end record") || v.stdout.contains("TRUNCATED"),
                "verify names the missing end: " + v.stdout);
        LockStatRun s = LockStatRun.lockstat("summary", trace.toString());
        s.shouldContain("MonitorContendedEnter").shouldContain("ThreadStart");
    }
}
