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
 * @summary Class redefinition frees the old versions of redefined methods once no frame runs them;
 *          chains through those methods are purged first (ChainPurge events), so that no lookup or
 *          later purge meets a Method* whose memory was reused. An agent (Launcher-Agent-Class)
 *          redefines the contended class several times while threads contend in it; the trace
 *          verifies, has purges of chains through the redefined method, and chains of the new
 *          versions are defined again; class unloading afterwards walks the purged set safely.
 *          The workload runs interpreted, so that only this purge (not the one of freed compiled
 *          code) can remove those chains.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 RedefinitionPurgeTest
 */
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceParser;

public class RedefinitionPurgeTest {
    /** The class whose methods are redefined while its monitor is contended. */
    public static class Target {
        static final Object LOCK = new Object();
        static long counter;

        static void hot() {
            synchronized (LOCK) {
                counter++;
                long until = System.nanoTime() + 5_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        }
    }

    public static class Workload {
        static Instrumentation inst;
        static volatile boolean stop;

        public static void agentmain(String args, Instrumentation i) {
            inst = i;
        }

        static void contend(long millis) throws InterruptedException {
            long end = System.nanoTime() + millis * 1_000_000;
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    while (System.nanoTime() < end) {
                        Target.hot();
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
        }

        public static void main(String[] args) throws Exception {
            byte[] bytes;
            try (InputStream in = Target.class.getResourceAsStream("RedefinitionPurgeTest$Target.class")) {
                bytes = in.readAllBytes();
            }
            contend(500);
            for (int round = 0; round < 4; round++) {
                // Identical bytes still give new Method*s; the old ones go to the loader's
                // deallocate list and are freed at a later safepoint once no frame runs them.
                inst.redefineClasses(new ClassDefinition(Target.class, bytes));
                contend(300);
                System.gc();
            }
            Thread.sleep(500);
            System.out.println("redefined " + inst.isRedefineClassesSupported() + ", counter " + Target.counter);
            System.out.println("workload-done");
        }
    }

    static void copy(JarOutputStream jar, String className) throws Exception {
        String entry = className.replace('.', '/') + ".class";
        jar.putNextEntry(new JarEntry(entry));
        try (InputStream in = Files.newInputStream(Path.of(System.getProperty("test.classes"), entry))) {
            in.transferTo(jar);
        }
        jar.closeEntry();
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "redefine").toAbsolutePath();
        Path jarFile = dir.resolve("workload.jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "RedefinitionPurgeTest$Workload");
        mf.getMainAttributes().put(new Attributes.Name("Launcher-Agent-Class"), "RedefinitionPurgeTest$Workload");
        mf.getMainAttributes().put(new Attributes.Name("Can-Redefine-Classes"), "true");
        try (OutputStream out = Files.newOutputStream(jarFile); JarOutputStream jar = new JarOutputStream(out, mf)) {
            copy(jar, "RedefinitionPurgeTest$Target");
            copy(jar, "RedefinitionPurgeTest$Workload");
        }
        Path trace = dir.resolve("redefine.lct");
        List<String> cmd = List.of(LockStatRun.jdkBin("java").toString(), "-XX:+TraceLockContention",
                "-XX:TraceLockContentionFile=" + trace, "-Xint", "-jar", jarFile.toString());
        LockStatRun.run(dir, cmd).shouldHaveExitValue(0).shouldContain("workload-done");
        LockStatRun.verifyOk(trace);

        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, List<Object[]>> chainFrames = new HashMap<>();
        Set<Long> purged = new HashSet<>();
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                if (e.type().id() == EventType.METHOD.id()) {
                    methodNames.put(e.getLong("method"), e.getString("name"));
                } else if (e.type().id() == EventType.CALL_CHAIN.id()) {
                    chainFrames.put(e.getLong("chain"), e.getList("frames"));
                } else if (e.type().id() == EventType.CHAIN_PURGE.id()) {
                    purged.add(e.getLong("chain"));
                }
            }
        });
        Set<Long> hotChains = new HashSet<>();
        chainFrames.forEach((chain, frames) -> {
            if (frames.stream().anyMatch(f -> "hot".equals(methodNames.get((Long) f[0])))) {
                hotChains.add(chain);
            }
        });
        long purgedHot = hotChains.stream().filter(purged::contains).count();
        System.out.println(hotChains.size() + " chains through Target.hot, " + purgedHot + " of them purged; " + purged.size() + " purges in all");
        LockStatRun.check(purgedHot > 0, "chains through the redefined (and freed) versions of Target.hot are purged");
        LockStatRun.check(hotChains.size() > purgedHot, "the newest version's chains stay");
    }
}
