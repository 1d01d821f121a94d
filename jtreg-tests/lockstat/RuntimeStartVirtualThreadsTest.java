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
 * @summary Runtime control with virtual threads: in a VM started without tracing, virtual
 *          threads contend for a ReentrantLock (they park and unmount) and for a monitor. Tracing
 *          started with jcmd LockStat.start records the parks of the virtual threads (the switch in
 *          java.lang.VirtualThread follows the VM) and their monitor contention, in a first trace
 *          and again in a second one after a stop.
 * @library /lib
 * @modules jdk.lockstat jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun RuntimeControlTest
 * @run main/timeout=300 RuntimeStartVirtualThreadsTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

public class RuntimeStartVirtualThreadsTest {
    public static class VirtualWorkload {
        static final ReentrantLock LOCK = new ReentrantLock();
        static final Object MONITOR = new Object();
        static long counter;

        static void holdVirtualLock() {
            LOCK.lock();
            try {
                spin(200_000);
            } finally {
                LOCK.unlock();
            }
        }

        static void holdVirtualMonitor() {
            synchronized (MONITOR) {
                spin(200_000);
            }
        }

        static void spin(long nanos) {
            long t = System.nanoTime();
            while (System.nanoTime() - t < nanos) {
                counter++;
            }
        }

        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 6; i++) {
                Thread.ofVirtual().name("vt-" + i).start(() -> {
                    while (true) {
                        holdVirtualLock();
                        holdVirtualMonitor();
                    }
                });
            }
            Thread.sleep(1000);
            System.out.println("running");
            System.out.flush();
            System.in.read();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "vtstart").toAbsolutePath();
        Process p = LockStatRun.startJava("running", "RuntimeStartVirtualThreadsTest$VirtualWorkload");
        try {
            for (int round = 1; round <= 2; round++) {
                Path trace = dir.resolve("vt-" + round + ".lct");
                LockStatRun start = RuntimeControlTest.jcmd(dir, p.pid(), "LockStat.start", "file=" + trace);
                if (!start.stdout.contains("tracing started")) {
                    // Once on the fastdebug VM beside other tests, jcmd printed only "Command executed
                    // successfully": whether the command ran and its answer was lost, status tells.
                    throw new AssertionError("LockStat.start answered: " + start.stdout + "\nLockStat.status then: "
                            + RuntimeControlTest.jcmd(dir, p.pid(), "LockStat.status").stdout);
                }
                Thread.sleep(3000);
                RuntimeControlTest.jcmd(dir, p.pid(), "LockStat.stop").shouldContain("tracing stopped");
                LockStatRun.verifyOk(trace);
                // One virtual thread's contention for the ReentrantLock: its parks unmount it and are
                // recorded only through java.lang.VirtualThread's switch.
                LockStatRun.lockstat("report", "--by", "lock-class,owner-method", "--thread", "vt-0", trace.toString())
                        .shouldHaveExitValue(0).shouldContain("java.util.concurrent.locks.ReentrantLock")
                        .shouldContain("holdVirtualLock").shouldContain("java.lang.Object").shouldContain("holdVirtualMonitor");
            }
        } finally {
            p.getOutputStream().close();
            p.waitFor();
        }
    }
}
