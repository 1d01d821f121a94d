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
 * @summary Class unloading of a class whose instances were contended (paper 3.4): the call chains
 *          through its methods are purged and its loader's unloading is recorded; the same class
 *          loaded again gets new class, method and chain ids (ids are never reused, so no reader can
 *          confuse the two), and the trace verifies. With G1 (unloading in a pause) and ZGC
 *          (concurrent unloading).
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 ClassUnloadingTest -XX:+UseG1GC
 * @run main/timeout=300 ClassUnloadingTest -XX:+UseZGC
 */
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;

public class ClassUnloadingTest {
    /** Loaded by a loader of its own, contended, then unloaded. */
    public static class Victim implements Runnable {
        private final long end = System.nanoTime() + 300_000_000L;

        synchronized void hold() {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }

        @Override
        public void run() {
            while (System.nanoTime() < end) {
                hold();
            }
        }
    }

    /** Defines Victim itself (child first), everything else from the application loader. */
    static class VictimLoader extends ClassLoader {
        VictimLoader() {
            super("victim-loader", ClassUnloadingTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Victim.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (var in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (java.io.IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }

    public static class Workload {
        static WeakReference<ClassLoader> contendInOwnLoader() throws Exception {
            ClassLoader loader = new VictimLoader();
            Runnable victim = (Runnable) loader.loadClass(Victim.class.getName()).getDeclaredConstructor().newInstance();
            if (victim.getClass() == Victim.class) {
                throw new AssertionError("Victim came from the application loader");
            }
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                threads.add(new Thread(victim, "contender-" + i));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            return new WeakReference<>(loader);
        }

        public static void main(String[] args) throws Exception {
            for (int round = 1; round <= 2; round++) {
                WeakReference<ClassLoader> loader = contendInOwnLoader();
                for (int gc = 0; gc < 50 && loader.get() != null; gc++) {
                    System.gc();
                    Thread.sleep(20);
                }
                if (loader.get() != null) {
                    throw new AssertionError("loader of round " + round + " was not collected");
                }
                System.gc();   // collected loaders are unloaded at the next (concurrent) cycle at the latest
                System.out.println("round " + round + " unloaded");
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "unload").toAbsolutePath();
        Path trace = dir.resolve("unload.lct");
        LockStatRun.java(dir, args[0], "-Xlog:class+unload=info", "-XX:+TraceLockContention",
                "-XX:TraceLockContentionFile=" + trace, "ClassUnloadingTest$Workload")
                .shouldHaveExitValue(0).shouldContain("workload-done").shouldContain("ClassUnloadingTest$Victim");
        LockStatRun.verifyOk(trace);

        Map<Long, String> classNames = new HashMap<>();
        Map<Long, Long> methodClass = new HashMap<>();
        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, List<Long>> chainMethods = new HashMap<>();
        List<Long> defined = new ArrayList<>();
        Set<Long> purged = new HashSet<>();
        Set<Long> unloadedLoaders = new HashSet<>();
        List<Long> inflatedVictims = new ArrayList<>();
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "Class" -> {
                        classNames.put(e.getLong("class"), e.getString("name"));
                        defined.add(e.getLong("class"));
                    }
                    case "Method" -> {
                        methodNames.put(e.getLong("method"), e.getString("name"));
                        methodClass.put(e.getLong("method"), e.getLong("class"));
                        defined.add(e.getLong("method"));
                    }
                    case "CallChain" -> {
                        List<Long> ms = new ArrayList<>();
                        for (Object[] f : e.getList("frames")) {
                            ms.add((Long) f[0]);
                        }
                        chainMethods.put(e.getLong("chain"), ms);
                    }
                    case "ChainPurge" -> purged.add(e.getLong("chain"));
                    case "LoaderUnload" -> unloadedLoaders.add(e.getLong("loader"));
                    case "MonitorInflate" -> inflatedVictims.add(e.getLong("class"));
                    default -> { }
                }
            }
        });
        String victim = Victim.class.getName();
        Set<Long> victimClassIds = new HashSet<>();
        classNames.forEach((id, name) -> {
            if (name.equals(victim)) {
                victimClassIds.add(id);
            }
        });
        System.out.println("victim class ids " + victimClassIds + ", purged chains " + purged
                + ", unloaded loaders " + unloadedLoaders.size());
        LockStatRun.check(new HashSet<>(defined).size() == defined.size(), "no class or method id is defined twice");
        LockStatRun.check(victimClassIds.size() == 2, "the class loaded twice has two class ids: " + victimClassIds);
        LockStatRun.check(inflatedVictims.stream().filter(victimClassIds::contains).distinct().count() == 2,
                "instances of both incarnations were inflated");
        LockStatRun.check(unloadedLoaders.size() >= 2, "both loaders' unloading is recorded: " + unloadedLoaders.size());
        Set<Long> throughVictim = new HashSet<>();
        chainMethods.forEach((chain, ms) -> {
            if (ms.stream().anyMatch(m -> victimClassIds.contains(methodClass.get(m)))) {
                throughVictim.add(chain);
            }
        });
        LockStatRun.check(throughVictim.size() >= 2, "chains through Victim's methods: " + throughVictim);
        LockStatRun.check(purged.containsAll(throughVictim),
                "every chain through an unloaded Victim is purged: " + throughVictim + " purged " + purged);
        Set<Long> wronglyPurged = new HashSet<>(purged);
        wronglyPurged.removeAll(throughVictim);
        LockStatRun.check(wronglyPurged.isEmpty(), "no other chain is purged: " + wronglyPurged);
    }
}
