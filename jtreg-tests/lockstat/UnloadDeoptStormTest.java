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
 * @summary Class-unloading and deoptimisation storms while tracing: for 8 s, a new loader generation
 *          of a contended class every ~0.3 s, collected and unloaded, while other threads contend
 *          through a MutableCallSite that is retargeted (deoptimising its dependents) every
 *          millisecond. No crash or hang, the trace verifies, and it records the unloading (loader
 *          unloads, purged chains) and the contention on both sides.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun ClassUnloadingTest
 * @run main/timeout=600 UnloadDeoptStormTest -XX:+UseG1GC
 * @run main/timeout=600 UnloadDeoptStormTest -XX:+UseZGC
 */
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class UnloadDeoptStormTest {
    public static class Workload {
        static final Object shared = new Object();
        static long counter;
        static final MutableCallSite SITE = new MutableCallSite(MethodType.methodType(void.class));
        static final MethodHandle INVOKER = SITE.dynamicInvoker();

        static void viaA() {
            synchronized (shared) {
                counter++;
            }
        }

        static void viaB() {
            synchronized (shared) {
                counter += 2;
            }
        }

        public static void main(String[] args) throws Throwable {
            long end = System.nanoTime() + 8_000_000_000L;
            MethodHandle a = MethodHandles.lookup().findStatic(Workload.class, "viaA", MethodType.methodType(void.class));
            MethodHandle b = MethodHandles.lookup().findStatic(Workload.class, "viaB", MethodType.methodType(void.class));
            SITE.setTarget(a);
            List<Thread> callers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                callers.add(new Thread(() -> {
                    try {
                        while (System.nanoTime() < end) {
                            INVOKER.invokeExact();
                        }
                    } catch (Throwable t) {
                        throw new RuntimeException(t);
                    }
                }, "caller-" + i));
            }
            Thread flipper = new Thread(() -> {
                long flips = 0;
                while (System.nanoTime() < end) {
                    SITE.setTarget(++flips % 2 == 0 ? a : b);
                    MutableCallSite.syncAll(new MutableCallSite[] {SITE});
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                System.out.println("flips " + flips);
            }, "flipper");
            callers.forEach(Thread::start);
            flipper.start();
            int generations = 0;
            List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
            while (System.nanoTime() < end) {
                loaders.add(ClassUnloadingTest.Workload.contendInOwnLoader());
                generations++;
                System.gc();
            }
            for (Thread t : callers) {
                t.join();
            }
            flipper.join();
            for (int gc = 0; gc < 50 && loaders.stream().anyMatch(w -> w.get() != null); gc++) {
                System.gc();
                Thread.sleep(20);
            }
            System.gc();
            long collected = loaders.stream().filter(w -> w.get() == null).count();
            System.out.println("generations " + generations + ", collected " + collected + ", counter " + counter);
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "storm").toAbsolutePath();
        Path trace = dir.resolve("storm.lct");
        LockStatRun r = LockStatRun.java(dir, args[0], "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "UnloadDeoptStormTest$Workload").shouldHaveExitValue(0).shouldContain("generations")
                .shouldNotContain("LockStat: warning");
        Matcher g = Pattern.compile("generations (\\d+), collected (\\d+)").matcher(r.stdout);
        LockStatRun.check(g.find() && Integer.parseInt(g.group(1)) >= 10, "a storm of loader generations: " + r.stdout);
        LockStatRun.verifyOk(trace);
        String json = LockStatRun.lockstat("summary", "--format", "json", trace.toString()).shouldHaveExitValue(0).stdout;
        long unloads = count(json, "LoaderUnload"), purges = count(json, "ChainPurge");
        System.out.println("trace: " + unloads + " LoaderUnload, " + purges + " ChainPurge");
        LockStatRun.check(unloads >= 5, "loaders unloaded in the trace: " + unloads);
        LockStatRun.check(purges >= 5, "chains through unloaded classes purged: " + purges);
        String report = LockStatRun.lockstat("report", "--by", "owner-method", trace.toString()).shouldHaveExitValue(0).stdout;
        LockStatRun.check(report.contains("Victim.hold") && (report.contains("viaA") || report.contains("viaB")),
                "both sides' contention attributed: " + report);
    }

    /** The count of an event type in the summary's eventsByType. */
    static long count(String json, String type) {
        Matcher m = Pattern.compile("\"" + type + "\"\\s*:\\s*(\\d+)").matcher(json);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
}
