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
 * @summary Tracing stopped while a thread is blocked on a monitor, and started again after that thread
 *          acquired the monitor unseen: the new trace starts from clean counts. Before, the blocked
 *          count the first trace raised stayed raised for ever: every later exit of that monitor was
 *          diverted to the runtime and, once the new trace had the monitor, recorded as a contended
 *          release with nobody blocked. Forced: the blocked thread is seen BLOCKED before the stop and
 *          acquires only after it; the second trace has one contention, then 200,000 uncontended exits.
 * @library /lib
 * @modules jdk.lockstat jdk.lockstat/jdk.lockstat.internal.tool jdk.management
 * @build LockStatRun
 * @run main/othervm/timeout=300 RestartWhileBlockedTest
 */
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import javax.management.JMX;
import javax.management.ObjectName;

import jdk.lockstat.management.LockStatMXBean;

public class RestartWhileBlockedTest {
    static final Object LOCK = new Object();
    static long counter;

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "restart").toAbsolutePath();
        LockStatMXBean bean = JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(),
                new ObjectName(LockStatMXBean.MXBEAN_NAME), LockStatMXBean.class);

        Path first = dir.resolve("first.lct");
        bean.start(first.toString(), 0, 0);
        Blocked b = Blocked.on(LOCK);   // its ContendedEnter is in the first trace: the monitor counts it blocked
        bean.stop();
        b.release();                    // it acquires while nothing traces

        // The second trace: one real contention, so that the monitor is in it (its inflate is written
        // at the first contended enter), then uncontended exits. With the first trace's count left
        // raised, every one of them was recorded as a release while a thread was blocked.
        Path second = dir.resolve("second.lct");
        bean.start(second.toString(), 0, 0);
        Blocked.on(LOCK).release();
        for (int i = 0; i < 200_000; i++) {   // uncontended exits of the inflated monitor, every compiler's
            synchronized (LOCK) {
                counter++;
            }
        }
        bean.stop();

        LockStatRun.verifyOk(first);
        LockStatRun.verifyOk(second);
        String summary = summaryJson(second);
        System.out.println(summary);
        long releases = releasesRecorded(summary);
        LockStatRun.check(summary.contains("\"MonitorContendedEntered\": 1"), "the second trace has its one contention");
        LockStatRun.check(releases >= 1 && releases < 1_000,
                releases + " releases recorded in the second trace: only those while its one thread was blocked");
    }

    /** A holder of a monitor, and a thread blocked on it: seen BLOCKED before on() returns. */
    record Blocked(CountDownLatch leave, Thread holder, Thread waiter) {
        static Blocked on(Object lock) throws InterruptedException {
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread holder = new Thread(() -> {
                synchronized (lock) {
                    held.countDown();
                    awaitQuietly(release);
                }
            }, "holder");
            Thread waiter = new Thread(() -> {
                synchronized (lock) {
                    counter++;
                }
            }, "blocked");
            holder.start();
            held.await();
            waiter.start();
            while (waiter.getState() != Thread.State.BLOCKED) {
                Thread.sleep(1);
            }
            return new Blocked(release, holder, waiter);
        }

        /** The holder leaves; the blocked thread acquires the monitor and leaves too. */
        void release() throws InterruptedException {
            leave.countDown();
            holder.join();
            waiter.join();
        }
    }

    /** Contended releases in a summary: exits plus the releases that summaries stand for. */
    static long releasesRecorded(String json) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"releases\": \\{\"recorded\": (\\d+)").matcher(json);
        if (m.find()) {
            return Long.parseLong(m.group(1));
        }
        m = java.util.regex.Pattern.compile("\"MonitorContendedExit\": (\\d+)").matcher(json);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static String summaryJson(Path trace) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = jdk.lockstat.internal.tool.Main.run(new String[] {"summary", "--format", "json", trace.toString()},
                new PrintStream(out, true), new PrintStream(out, true));
        LockStatRun.check(status == 0, trace.getFileName() + " summary: " + out);
        return out.toString();
    }
}
