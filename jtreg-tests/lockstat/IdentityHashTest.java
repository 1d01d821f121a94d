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
 * @summary The inflation event names the lock object by its identity hash even when the program
 *          never asked for it: the hash recorded is the one System.identityHashCode returns later.
 *          Lightweight (default) and legacy locking.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 IdentityHashTest
 * @run main/timeout=300 IdentityHashTest -XX:LockingMode=1
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.TraceParser;

public class IdentityHashTest {
    public static class NeverHashed {
    }

    public static class Workload {
        public static void main(String[] args) throws Exception {
            NeverHashed lock = new NeverHashed();
            long end = System.nanoTime() + 300_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                threads.add(new Thread(() -> {
                    while (System.nanoTime() < end) {
                        synchronized (lock) {
                            Thread.onSpinWait();
                            try {
                                Thread.sleep(1);
                            } catch (InterruptedException e) {
                                throw new RuntimeException(e);
                            }
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("identity-hash=" + System.identityHashCode(lock));
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "hash").toAbsolutePath();
        Path trace = dir.resolve("hash.lct");
        List<String> cmd = new ArrayList<>(List.of(args));
        cmd.addAll(List.of("-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace, "IdentityHashTest$Workload"));
        LockStatRun r = LockStatRun.java(dir, cmd.toArray(String[]::new)).shouldHaveExitValue(0);
        long expected = Long.parseLong(r.stdout.replaceAll("(?s).*identity-hash=(-?[0-9]+).*", "$1").trim());
        LockStatRun.verifyOk(trace);
        Map<Long, String> classNames = new HashMap<>();
        List<long[]> inflations = new ArrayList<>();   // class id, hash
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                switch (e.type().name()) {
                    case "Class" -> classNames.put(e.getLong("class"), e.getString("name"));
                    case "MonitorInflate" -> inflations.add(new long[] {e.getLong("class"), e.getLong("objectHash")});
                    default -> { }
                }
            }
        });
        List<Long> hashes = new ArrayList<>();
        for (long[] inflation : inflations) {
            if (NeverHashed.class.getName().equals(classNames.get(inflation[0]))) {
                hashes.add(inflation[1]);
            }
        }
        System.out.println("hashes recorded for the lock: " + hashes + ", identityHashCode " + expected);
        LockStatRun.check(!hashes.isEmpty(), "the lock's inflation was recorded");
        for (long h : hashes) {
            LockStatRun.check(h == (expected & 0xffffffffL) || h == expected,
                    "recorded hash " + h + " is the identity hash " + expected);
        }
    }
}
