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
 * @summary Safepoints are in the trace as VmPause events (every Java thread stopped): five
 *          System.gc() calls give at least five pauses, each with a duration, under G1 and Serial.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 VmPauseTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public class VmPauseTest {
    public static class Workload {
        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 5; i++) {
                byte[][] garbage = new byte[1000][];
                for (int j = 0; j < garbage.length; j++) {
                    garbage[j] = new byte[10_000];
                }
                System.gc();
                Thread.sleep(20);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "pauses").toAbsolutePath();
        for (String gc : List.of("-XX:+UseG1GC", "-XX:+UseSerialGC")) {
            Path trace = dir.resolve("pauses" + gc.substring(6) + ".lct");
            LockStatRun.java(dir, gc, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "VmPauseTest$Workload").shouldHaveExitValue(0);
            LockStatRun.verifyOk(trace);
            String print = LockStatRun.lockstat("print", trace.toString()).shouldHaveExitValue(0).stdout;
            List<String> pauses = print.lines().filter(l -> l.startsWith("VmPause")).toList();
            System.out.println(gc + ": " + pauses.size() + " pauses, e.g. " + (pauses.isEmpty() ? "-" : pauses.get(0)));
            LockStatRun.check(pauses.size() >= 5, gc + ": at least the five System.gc() pauses: " + pauses.size());
            long withDuration = pauses.stream().filter(l -> !l.contains("duration=0 ")).count();
            LockStatRun.check(withDuration >= 5, gc + ": pauses last: " + withDuration + " of " + pauses.size());
        }
    }
}
