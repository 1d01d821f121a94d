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
 * @summary System.exit called by 32 threads at once while they contend: the VM exits with one of their
 *          statuses, the trace is closed exactly once (an end record, lockstat verify OK), and nothing
 *          hangs or crashes. Repeated, since the race differs run to run.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=600 ConcurrentExitTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

public class ConcurrentExitTest {
    public static class Workload {
        static final Object lock = new Object();
        static long counter;

        public static void main(String[] args) throws Exception {
            int n = 32;
            CountDownLatch go = new CountDownLatch(1);
            for (int i = 0; i < n; i++) {
                int status = 40 + i % 4;
                Thread t = new Thread(() -> {
                    try {
                        go.await();
                        for (int j = 0; j < 20_000; j++) {
                            synchronized (lock) {
                                counter++;
                            }
                        }
                    } catch (InterruptedException e) {
                        return;
                    }
                    System.exit(status);
                }, "exiter-" + i);
                t.start();
            }
            System.out.println("started");
            go.countDown();
            Thread.sleep(60_000);   // never reached: someone exits first
            System.exit(1);
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "concurrentexit").toAbsolutePath();
        for (int round = 0; round < 5; round++) {
            Path trace = dir.resolve("exit-" + round + ".lct");
            LockStatRun r = LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "ConcurrentExitTest$Workload");
            LockStatRun.check(r.exitCode >= 40 && r.exitCode <= 43, "one of the exiters' statuses: " + r.exitCode);
            r.shouldNotContain("LockStat: warning");
            LockStatRun.verifyOk(trace);
            LockStatRun.lockstat("summary", trace.toString()).shouldContain("exiter-");
        }
    }
}
